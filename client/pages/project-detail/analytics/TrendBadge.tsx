import { Badge } from "@chakra-ui/react";
import { ANALYTICS_UI as T } from "@client/messages/analytics-ui";
import { formatPercent } from "@shared/format";
import type { Trend } from "@shared/schemas/analytics";

/** A trend is 'up', 'down', 'stable' or a percent change; numbers read with their sign. */
export function trendLabel(trend: Trend): string {
  if (typeof trend === "number") return `${trend > 0 ? "+" : ""}${formatPercent(trend)}`;
  return trend === "up" ? T.trendUp : trend === "down" ? T.trendDown : T.trendStable;
}

export function trendDirection(trend: Trend): "up" | "down" | "stable" {
  if (typeof trend === "number") return trend > 0 ? "up" : trend < 0 ? "down" : "stable";
  return trend;
}

export function TrendBadge({ trend }: { trend: Trend }) {
  const dir = trendDirection(trend);
  return (
    <Badge variant="subtle" colorPalette={dir === "up" ? "green" : dir === "down" ? "red" : "gray"}>
      {dir === "up" ? "▲ " : dir === "down" ? "▼ " : "● "}
      {trendLabel(trend)}
    </Badge>
  );
}
