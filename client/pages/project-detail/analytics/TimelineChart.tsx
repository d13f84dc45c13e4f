import { Box, Text } from "@chakra-ui/react";
import { CHART_AXIS, chartAxisProps, chartGridProps, chartTickCss } from "@client/components/chart-style";
import { formatCents } from "@shared/format";
import type { TimelineSaleEvent } from "@shared/schemas/analytics-timeline";
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { compactNumber, shortDay } from "./player-chart";
import { TooltipFrame } from "./TooltipFrame";
import { SERIES_COLOURS as C } from "./timeline-colours";
import { SERIES_AXIS as AXIS, type TimelinePoint, type TimelineSeries } from "./timeline-series";

// One date axis, a scale per series: dollars on the left, player peaks and wishlist adds each on a
// right axis of their own (ticks in the series' colour); hours on air (0–24, shaded bars) and review
// percent (0–100) on hidden scales the legend states.
const HEIGHT = 280;

interface Props {
  points: TimelinePoint[];
  present: Set<TimelineSeries>;
  saleEvents: TimelineSaleEvent[];
  labels: Record<TimelineSeries, string>;
}

export default function TimelineChart({ points, present, saleEvents, labels }: Props) {
  const line = (key: "revenue" | "players" | "wishlists" | "reviews", dashed = false) =>
    present.has(key) ? (
      <Line
        yAxisId={AXIS[key]}
        type="monotone"
        dataKey={key}
        stroke={C[key]}
        strokeWidth={2}
        strokeDasharray={dashed ? "4 3" : undefined}
        dot={false}
        connectNulls
        isAnimationActive={false}
      />
    ) : null;
  return (
    <Box h={`${HEIGHT}px`} css={chartTickCss} data-testid="timeline-chart">
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <ComposedChart data={points} margin={{ top: 8, right: 0, bottom: 0, left: 0 }}>
          <CartesianGrid {...chartGridProps} />
          <XAxis dataKey="date" tickFormatter={shortDay} {...chartAxisProps} minTickGap={28} />
          <YAxis
            yAxisId={AXIS.revenue}
            {...chartAxisProps}
            tick={{ fill: C.revenue }}
            width={48}
            tickFormatter={(d: number) => `$${compactNumber(d)}`}
          />
          {(["players", "wishlists"] as const).map((s) => (
            <YAxis
              key={s}
              yAxisId={AXIS[s]}
              orientation="right"
              {...chartAxisProps}
              tick={{ fill: C[s] }}
              hide={!present.has(s)}
              width={present.has(s) ? 36 : 0}
              allowDecimals={false}
              tickFormatter={(n: number) => compactNumber(n)}
            />
          ))}
          {/* Hidden scales go on the right with no width: on the left recharts still offsets the visible
              dollar axis by them and its labels end up outside the chart. */}
          <YAxis yAxisId={AXIS.hours} hide orientation="right" width={0} domain={[0, 24]} />
          <YAxis yAxisId={AXIS.reviews} hide orientation="right" width={0} domain={[0, 100]} />
          {saleEvents.map((e) => (
            <ReferenceArea
              key={`${e.start}-${e.end}`}
              yAxisId={AXIS.revenue}
              x1={e.start}
              x2={e.end}
              fill={C.sale}
              fillOpacity={0.12}
              stroke={C.sale}
              strokeOpacity={0.4}
              label={{ value: e.label, position: "insideTop", fill: C.sale, fontSize: 11 }}
            />
          ))}
          {present.has("hours") ? (
            <Bar
              yAxisId={AXIS.hours}
              dataKey="hours"
              fill={C.hours}
              fillOpacity={0.35}
              maxBarSize={16}
              isAnimationActive={false}
            />
          ) : null}
          {line("revenue")}
          {line("players")}
          {line("wishlists", true)}
          {line("reviews")}
          <Tooltip
            content={(p) => <TimelineTooltip active={p.active} payload={p.payload} labels={labels} />}
            cursor={{ stroke: CHART_AXIS }}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </Box>
  );
}

function TimelineTooltip(props: {
  active?: boolean;
  payload?: readonly { payload?: unknown }[];
  labels: Record<TimelineSeries, string>;
}) {
  const p = props.payload?.[0]?.payload as TimelinePoint | undefined;
  if (!props.active || !p) return null;
  const rows: [TimelineSeries, string | null][] = [
    ["revenue", p.revenue === null ? null : formatCents(Math.round(p.revenue * 100))],
    ["players", p.players === null ? null : p.players.toLocaleString("en-US")],
    ["wishlists", p.wishlists === null ? null : p.wishlists.toLocaleString("en-US")],
    ["reviews", p.reviews === null ? null : `${p.reviews.toFixed(1)}%`],
    ["hours", p.hours > 0 ? `${p.hours} h` : null],
  ];
  return (
    <TooltipFrame title={shortDay(p.date)}>
      {rows
        .filter(([, v]) => v !== null)
        .map(([s, v]) => (
          <Text key={s} fontSize="xs" style={{ color: C[s] }}>
            {props.labels[s]}: {v}
          </Text>
        ))}
    </TooltipFrame>
  );
}
