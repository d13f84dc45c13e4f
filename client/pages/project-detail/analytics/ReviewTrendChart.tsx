import { Box, Text } from "@chakra-ui/react";
import { CHART_AXIS, chartAxisProps, chartGridProps, chartTickCss } from "@client/components/chart-style";
import { REVIEWS_UI as T } from "@client/messages/reviews-ui";
import { formatPercent } from "@shared/format";
import type { ReviewDay } from "@shared/schemas/analytics-reviews";
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { shortDay } from "./player-chart";
import { TooltipFrame } from "./TooltipFrame";

// SVG attributes need literal colours, not tokens.
const GREEN = "#4ade80";
const HEIGHT = 176;

/** Percent positive per day. The scale hugs the data (±2 points): a review score moves slowly. */
export default function ReviewTrendChart({ trend }: { trend: ReviewDay[] }) {
  const values = trend.flatMap((d) => (d.percentPositive === null ? [] : [d.percentPositive]));
  const lo = Math.max(0, Math.floor(Math.min(...values, 100) - 2));
  const hi = Math.min(100, Math.ceil(Math.max(...values, 0) + 2));
  return (
    <Box h={`${HEIGHT}px`} css={chartTickCss} data-testid="review-trend">
      <Text srOnly>{T.trendTitle}</Text>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <LineChart data={trend} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid {...chartGridProps} />
          <XAxis dataKey="date" tickFormatter={shortDay} {...chartAxisProps} minTickGap={24} />
          <YAxis
            domain={[lo, hi]}
            tickFormatter={(n: number) => `${n}%`}
            {...chartAxisProps}
            width={40}
            allowDecimals={false}
          />
          <Tooltip
            content={(p) => <TrendTooltip active={p.active} payload={p.payload} />}
            cursor={{ stroke: CHART_AXIS }}
          />
          <Line
            type="monotone"
            dataKey="percentPositive"
            stroke={GREEN}
            strokeWidth={2}
            dot={trend.length === 1}
            connectNulls
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </Box>
  );
}

function TrendTooltip({ active, payload }: { active?: boolean; payload?: readonly { payload?: unknown }[] }) {
  const d = payload?.[0]?.payload as ReviewDay | undefined;
  if (!active || !d) return null;
  return (
    <TooltipFrame
      title={
        <>
          {shortDay(d.date)} · {d.scoreDescription}
        </>
      }
    >
      <Text fontSize="xs" color="green.fg">
        {d.percentPositive === null ? "—" : formatPercent(d.percentPositive)}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        {T.tooltipReviews}: {d.totalReviews.toLocaleString("en-US")}
      </Text>
    </TooltipFrame>
  );
}
