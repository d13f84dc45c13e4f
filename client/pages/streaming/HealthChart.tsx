import { Box, HStack, Text } from "@chakra-ui/react";
import { CHART_GRID, chartAxisProps, chartGridProps, chartTickCss } from "@client/components/chart-style";
import { HEALTH_UI } from "@client/messages/health-ui";
import type { HealthAnswer } from "@shared/schemas/health";
import {
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { timeAxis } from "./time-ticks";

// SVG attributes need literal colours, not tokens.
const GREEN = "#4ade80";
const BLUE = "#60a5fa";
const RED = "#f87171";
const AMBER = "#fbbf24";
const HEIGHT = 140;
/** More marks than this would print their labels over each other: the key names them instead. */
const LABELLED_MARKS = 3;
const clock = (ms: number) =>
  new Date(ms).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" });

/**
 * A mark's label sits low, where the bitrate and fps lines seldom are, and on the side of the line
 * with more room, so a narrow screen does not cut it off.
 */
const markLabel = (inRightHalf: boolean) => ({
  value: HEALTH_UI.plannedReconnect,
  position: inRightHalf ? ("insideBottomRight" as const) : ("insideBottomLeft" as const),
  fill: AMBER,
  fontSize: 11,
});

function Key({ color, label, dot, hint }: { color: string; label: string; dot?: boolean; hint?: string }) {
  return (
    <HStack gap="1.5" title={hint}>
      <Box w={dot ? "2" : "3"} h={dot ? "2" : "0.5"} borderRadius="full" style={{ background: color }} />
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
    </HStack>
  );
}

/**
 * Bitrate (left axis) and fps (right axis) over time; a red dot on the fps line where frames dropped,
 * and a dashed amber line where the stream reconnected on purpose (a planned reconnect, not a failure).
 */
export default function HealthChart({
  samples,
  plannedReconnects = [],
}: {
  samples: HealthAnswer["samples"];
  plannedReconnects?: HealthAnswer["planned_reconnects"];
}) {
  const marks = plannedReconnects.map((p) => Date.parse(p.at));
  const points = samples.map((s) => ({
    t: Date.parse(s.at),
    bitrate: Math.round(s.bitrate_kbps),
    fps: Math.round(s.fps * 10) / 10,
    drop: s.dropped_frames > 0 ? Math.round(s.fps * 10) / 10 : null,
  }));
  const from = Math.min(points[0]?.t ?? 0, ...marks);
  const to = Math.max(points.at(-1)?.t ?? 0, ...marks);
  const axis = timeAxis(from, to);
  return (
    <Box data-testid="health-chart">
      <HStack gap="4" mb="1" wrap="wrap">
        <Key color={GREEN} label={HEALTH_UI.bitrate} />
        <Key color={BLUE} label={HEALTH_UI.fps} />
        <Key color={RED} label={HEALTH_UI.drops} dot />
        {marks.length > 0 ? (
          <Key color={AMBER} label={HEALTH_UI.plannedReconnect} hint={HEALTH_UI.plannedReconnectHint} />
        ) : null}
      </HStack>
      <Box h={`${HEIGHT}px`} css={chartTickCss}>
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <ComposedChart data={points} margin={{ top: 6, right: 0, bottom: 0, left: 0 }}>
            <CartesianGrid {...chartGridProps} />
            <XAxis
              dataKey="t"
              type="number"
              domain={["dataMin", "dataMax"]}
              ticks={axis.ticks}
              tickFormatter={axis.format}
              {...chartAxisProps}
              minTickGap={8}
            />
            <YAxis yAxisId="kbps" {...chartAxisProps} width={48} />
            <YAxis yAxisId="fps" orientation="right" {...chartAxisProps} width={32} />
            <Tooltip
              labelFormatter={(t) => clock(Number(t))}
              contentStyle={{ background: "#18181b", border: `1px solid ${CHART_GRID}`, fontSize: 12 }}
            />
            <Line
              yAxisId="kbps"
              dataKey="bitrate"
              name={HEALTH_UI.bitrate}
              stroke={GREEN}
              dot={false}
              strokeWidth={1.5}
              isAnimationActive={false}
            />
            <Line
              yAxisId="fps"
              dataKey="fps"
              name={HEALTH_UI.fps}
              stroke={BLUE}
              dot={false}
              strokeWidth={1.5}
              isAnimationActive={false}
            />
            {marks.map((t) => (
              <ReferenceLine
                key={t}
                x={t}
                yAxisId="kbps"
                stroke={AMBER}
                strokeDasharray="4 3"
                ifOverflow="extendDomain"
                className="planned-reconnect"
                label={marks.length <= LABELLED_MARKS ? markLabel(t > (from + to) / 2) : undefined}
              />
            ))}
            <Scatter
              yAxisId="fps"
              dataKey="drop"
              name={HEALTH_UI.drops}
              fill={RED}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </Box>
    </Box>
  );
}
