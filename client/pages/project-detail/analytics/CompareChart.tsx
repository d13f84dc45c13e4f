import { Box, Text } from "@chakra-ui/react";
import { chartAxisProps, chartGridProps, chartTickCss } from "@client/components/chart-style";
import { COMPARE_UI as T } from "@client/messages/watchlist-ui";
import type { CompareGame } from "@shared/schemas/watchlist";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

// SVG attributes need literal colours, not tokens; your game is always the first (blue).
const COLOURS = ["#60a5fa", "#f59e0b", "#4ade80", "#f472b6", "#a78bfa", "#2dd4bf", "#f87171", "#facc15"];
const HEIGHT = 220;

/** Players indexed to each game's first day (100), by day since that day: shapes, not sizes. */
export default function CompareChart({ games }: { games: CompareGame[] }) {
  const withData = games.filter((g) => g.players.length > 0);
  if (withData.length === 0) return null;
  const lastDay = Math.max(...withData.map((g) => g.players[g.players.length - 1]!.day));
  const rows = Array.from({ length: lastDay + 1 }, (_, day) => {
    const row: Record<string, number> = { day };
    for (const g of withData) {
      const point = g.players.find((p) => p.day === day);
      if (point) row[String(g.appId)] = point.index;
    }
    return row;
  });
  return (
    <Box h={`${HEIGHT}px`} css={chartTickCss} data-testid="compare-chart">
      <Text fontSize="sm" fontWeight="medium" mb="1">
        {T.chartTitle}
      </Text>
      <ResponsiveContainer width="100%" height={HEIGHT - 24}>
        <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid {...chartGridProps} />
          <XAxis dataKey="day" {...chartAxisProps} />
          <YAxis {...chartAxisProps} width={40} />
          <Tooltip />
          <Legend />
          {withData.map((g, i) => (
            <Line
              key={g.appId}
              type="monotone"
              dataKey={String(g.appId)}
              name={g.name}
              stroke={COLOURS[i % COLOURS.length]}
              strokeWidth={g.own ? 2.5 : 1.5}
              dot={false}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </Box>
  );
}
