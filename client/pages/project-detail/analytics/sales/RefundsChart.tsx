import { Badge, Box, Text } from "@chakra-ui/react";
import { chartAxisProps, chartGridProps, chartTickCss } from "@client/components/chart-style";
import { Panel } from "@client/components/StatCard";
import { SALES_UI as T } from "@client/messages/analytics-sales-ui";
import { shortDay } from "@client/pages/project-detail/analytics/player-chart";
import { TooltipFrame } from "@client/pages/project-detail/analytics/TooltipFrame";
import { formatPercent } from "@shared/format";
import type { RefundDay } from "@shared/schemas/analytics-sales";
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

// Loaded lazily with recharts. SVG attributes need literal colours, not tokens.
const AMBER = "#fbbf24";
const RED = "#f87171";
const HEIGHT = 200;

export default function RefundsChart({ days }: { days: RefundDay[] }) {
  const spikes = days.filter((d) => d.spike).length;
  return (
    <Panel
      title={T.refundsTitle}
      subtitle={T.refundsHint}
      testId="refunds-chart"
      actions={
        spikes > 0 ? (
          <Badge colorPalette="red" variant="subtle" data-testid="refund-spikes">
            {T.spikes(spikes)}
          </Badge>
        ) : null
      }
    >
      <Box h={`${HEIGHT}px`} css={chartTickCss}>
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid {...chartGridProps} />
            <XAxis dataKey="date" tickFormatter={shortDay} {...chartAxisProps} minTickGap={24} />
            <YAxis {...chartAxisProps} width={32} allowDecimals={false} />
            <Tooltip
              content={(p) => <RefundTip active={p.active} payload={p.payload} />}
              cursor={{ fill: "rgba(255,255,255,0.04)" }}
            />
            <Bar dataKey="returnedUnits" radius={[3, 3, 0, 0]} maxBarSize={18} isAnimationActive={false}>
              {days.map((d) => (
                <Cell key={d.date} fill={d.spike ? RED : AMBER} fillOpacity={d.spike ? 1 : 0.7} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </Box>
    </Panel>
  );
}

function RefundTip({ active, payload }: { active?: boolean; payload?: readonly { payload?: unknown }[] }) {
  const d = payload?.[0]?.payload as RefundDay | undefined;
  if (!active || !d) return null;
  return (
    <TooltipFrame
      title={
        <>
          {shortDay(d.date)} {d.spike ? `· ${T.spike}` : ""}
        </>
      }
    >
      <Text fontSize="xs" color={d.spike ? "red.fg" : "fg.muted"}>
        {T.returned}: {d.returnedUnits.toLocaleString("en-US")}
        {d.refundRate === null ? "" : ` (${formatPercent(d.refundRate)})`}
      </Text>
      {d.baselineRate !== null ? (
        <Text fontSize="xs" color="fg.muted">
          {T.usualRate}: {formatPercent(d.baselineRate)}
        </Text>
      ) : null}
    </TooltipFrame>
  );
}
