import { SimpleGrid, Stack } from "@chakra-ui/react";
import {
  ChartIcon,
  NewsIcon,
  PeakIcon,
  PercentIcon,
  PlayersIcon,
  TREND_ICONS,
  TrophyIcon,
} from "@client/components/icons/analytics";
import { StatCard } from "@client/components/StatCard";
import { ANALYTICS_UI as T } from "@client/messages/analytics-ui";
import { formatPercent } from "@shared/format";
import { ANALYTICS } from "@shared/messages/analytics";
import type { AnalyticsOverview } from "@shared/schemas/analytics";
import { trendDirection, trendLabel } from "./TrendBadge";

const count = (n: number) => n.toLocaleString("en-US");

/** The seven Steam cards of the analytics tab, four then three. */
export function SteamSummaryCards({
  summary,
  days,
}: {
  summary: AnalyticsOverview["summary"];
  days: number;
}) {
  const dir = trendDirection(summary.growthTrend);
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        <StatCard
          label={ANALYTICS.currentPlayers}
          value={count(summary.currentPlayers)}
          hint={T.rightNow}
          icon={PlayersIcon}
          palette="teal"
        />
        <StatCard
          label={ANALYTICS.peakPlayers}
          value={count(summary.peakPlayers)}
          hint={T.inPeriod(days)}
          icon={PeakIcon}
          palette="cyan"
        />
        <StatCard
          label={ANALYTICS.achievements}
          value={count(summary.totalAchievements)}
          hint={T.onStore}
          icon={TrophyIcon}
          palette="yellow"
        />
        <StatCard
          label={ANALYTICS.recentNews}
          value={count(summary.recentNews)}
          hint={T.newsHint}
          icon={NewsIcon}
          palette="orange"
        />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <StatCard
          label={ANALYTICS.avgDailyPeak}
          value={count(Math.round(summary.avgDailyPeak))}
          hint={T.perDay}
          icon={ChartIcon}
          palette="blue"
        />
        <StatCard
          label={ANALYTICS.growthTrend}
          value={trendLabel(summary.growthTrend)}
          hint={T.trendHint}
          icon={TREND_ICONS[dir]}
          palette={dir === "up" ? "green" : dir === "down" ? "red" : "gray"}
        />
        <StatCard
          label={ANALYTICS.achievementRate}
          value={formatPercent(summary.avgUnlockRate)}
          hint={T.unlockHint}
          icon={PercentIcon}
          palette="purple"
        />
      </SimpleGrid>
    </Stack>
  );
}
