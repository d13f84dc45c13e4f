import { afterEach, expect, test } from "bun:test";
import { ChakraProvider, defaultSystem } from "@chakra-ui/react";
import { SteamSummaryCards } from "@client/pages/project-detail/analytics/SteamSummaryCards";
import { ANALYTICS } from "@shared/messages/analytics";
import type { AnalyticsOverview, Trend } from "@shared/schemas/analytics";
import { cleanup, render, screen } from "@testing-library/react";

afterEach(cleanup);

const summary = (growthTrend: Trend): AnalyticsOverview["summary"] => ({
  currentPlayers: 10,
  peakPlayers: 20,
  totalAchievements: 5,
  recentNews: 1,
  avgDailyPeak: 15,
  growthTrend,
  avgUnlockRate: 12.5,
  lastSampleAt: null,
});

/** The picture on the Growth Trend card, and the card's text. */
function growthCard(trend: Trend) {
  render(
    <ChakraProvider value={defaultSystem}>
      <SteamSummaryCards summary={summary(trend)} days={30} />
    </ChakraProvider>,
  );
  const card = screen.getByTestId(`stat-${ANALYTICS.growthTrend}`);
  const seen = {
    icon: card.querySelector("[data-trend]")?.getAttribute("data-trend"),
    text: card.textContent,
  };
  cleanup();
  return seen;
}

test("the Growth Trend card's arrow follows the trend: flat for Stable, falling for a drop", () => {
  expect(growthCard("stable")).toMatchObject({ icon: "stable", text: expect.stringContaining("Stable") });
  expect(growthCard(0).icon).toBe("stable");
  expect(growthCard("up").icon).toBe("up");
  expect(growthCard(12.5).icon).toBe("up");
  expect(growthCard("down").icon).toBe("down");
  expect(growthCard(-3).icon).toBe("down");
});
