import { Box, SimpleGrid, Text } from "@chakra-ui/react";
import { CHART_AXIS, chartAxisProps, chartGridProps, chartTickCss } from "@client/components/chart-style";
import { Panel } from "@client/components/StatCard";
import { FINANCIAL_UI as T } from "@client/messages/analytics-ui";
import { formatCents } from "@shared/format";
import { ANALYTICS } from "@shared/messages/analytics";
import {
  Area,
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { axisTicks, compactNumber, shortDay } from "./player-chart";
import { TooltipFrame } from "./TooltipFrame";

// recharts is heavy: this file is loaded lazily by the financial section only, so neither the
// overview tab nor any other screen pays for it. SVG attributes need literal colours, not tokens.
const GREEN = "#4ade80";
const BLUE = "#60a5fa";
const CHART_HEIGHT = 240;

export interface RevenuePoint {
  date: string;
  revenue: number;
  units: number;
}

export default function FinancialCharts({ data }: { data: RevenuePoint[] }) {
  // Both charts count from 0 in round steps, like the player chart (recharts would end at the peak).
  // A day where returns outweigh sales dips below 0: then recharts' own scale, which shows it.
  const revenueTicks = data.some((d) => d.revenue < 0)
    ? undefined
    : axisTicks(Math.max(0, ...data.map((d) => d.revenue)));
  const unitTicks = axisTicks(Math.max(0, ...data.map((d) => d.units)));
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
      <Panel title={T.revenue} subtitle={T.revenueChartHint} testId="revenue-chart">
        <Box h={`${CHART_HEIGHT}px`} css={chartTickCss}>
          <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
            <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <defs>
                <linearGradient id="revenue-fill" x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor={GREEN} stopOpacity={0.35} />
                  <stop offset="100%" stopColor={GREEN} stopOpacity={0} />
                </linearGradient>
              </defs>
              <CartesianGrid {...chartGridProps} />
              <XAxis dataKey="date" tickFormatter={shortDay} {...chartAxisProps} minTickGap={24} />
              <YAxis
                tickFormatter={(c: number) => `$${compactNumber(c / 100)}`}
                {...chartAxisProps}
                width={52}
                ticks={revenueTicks}
                domain={revenueTicks ? [0, revenueTicks.at(-1)!] : undefined}
              />
              <Tooltip
                content={(p) => (
                  <ChartTooltip active={p.active} payload={p.payload} label={p.label} kind="revenue" />
                )}
                cursor={{ stroke: CHART_AXIS }}
              />
              <Area
                type="monotone"
                dataKey="revenue"
                stroke="none"
                fill="url(#revenue-fill)"
                isAnimationActive={false}
              />
              <Line
                type="monotone"
                dataKey="revenue"
                stroke={GREEN}
                strokeWidth={2}
                dot={false}
                activeDot={{ r: 4 }}
                isAnimationActive={false}
              />
            </ComposedChart>
          </ResponsiveContainer>
        </Box>
      </Panel>
      <Panel title={T.unitsSold} subtitle={T.unitsChartHint} testId="units-chart">
        <Box h={`${CHART_HEIGHT}px`} css={chartTickCss}>
          <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
            <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid {...chartGridProps} />
              <XAxis dataKey="date" tickFormatter={shortDay} {...chartAxisProps} minTickGap={24} />
              <YAxis
                tickFormatter={(n: number) => compactNumber(n)}
                {...chartAxisProps}
                width={40}
                allowDecimals={false}
                ticks={unitTicks}
                domain={[0, unitTicks.at(-1)!]}
              />
              <Tooltip
                content={(p) => (
                  <ChartTooltip active={p.active} payload={p.payload} label={p.label} kind="units" />
                )}
                cursor={{ fill: "rgba(255,255,255,0.04)" }}
              />
              <Bar
                dataKey="units"
                fill={BLUE}
                radius={[3, 3, 0, 0]}
                maxBarSize={18}
                isAnimationActive={false}
              />
            </BarChart>
          </ResponsiveContainer>
        </Box>
      </Panel>
    </SimpleGrid>
  );
}

function ChartTooltip({
  active,
  payload,
  label,
  kind,
}: {
  active?: boolean;
  payload?: readonly { payload?: unknown }[];
  label?: unknown;
  kind: "revenue" | "units";
}) {
  const point = payload?.[0]?.payload as RevenuePoint | undefined;
  if (!active || !point) return null;
  return (
    <TooltipFrame title={shortDay(String(label ?? point.date))}>
      <Text fontSize="xs" color={kind === "revenue" ? "green.fg" : "fg.muted"}>
        {T.revenue}: {formatCents(point.revenue)}
      </Text>
      <Text fontSize="xs" color={kind === "units" ? "blue.fg" : "fg.muted"}>
        {ANALYTICS.units}: {point.units.toLocaleString("en-US")}
      </Text>
    </TooltipFrame>
  );
}
