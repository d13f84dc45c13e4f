import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { AnalyticsTab } from "@client/pages/project-detail/AnalyticsTab";
import { storeReviewDay } from "@server/features/analytics/reviews/review-days";
import { cleanup, screen, within } from "@testing-library/react";
import { startSteamMsw } from "../fakes/steam/msw";
import { renderWithApp } from "../support/render";
import { APP_ID, analyticsProject, DAY_MS } from "./analytics-fixtures";

// The Reviews card reads the stored daily summaries through analytics.reviews.

afterEach(cleanup);
let steam: ReturnType<typeof startSteamMsw>;
beforeAll(() => {
  steam = startSteamMsw();
});
afterAll(() => steam.stop());

const day = (desc: string, positive: number, negative: number) => ({
  reviewScore: 8,
  scoreDesc: desc,
  totalPositive: positive,
  totalNegative: negative,
  totalReviews: positive + negative,
});

test("the card shows Steam's words, percent positive, total reviews and the change over the period", async () => {
  const { deps, project, caller } = await analyticsProject();
  const now = Date.now();
  await storeReviewDay(deps, APP_ID, day("Mostly Positive", 1500, 500), now - 20 * DAY_MS, false);
  await storeReviewDay(deps, APP_ID, day("Very Positive", 1700, 420), now - 10 * DAY_MS, false);
  await storeReviewDay(deps, APP_ID, day("Very Positive", 1812, 400), now, false);
  renderWithApp(<AnalyticsTab projectId={project.id} />, { caller });
  const card = await screen.findByTestId("reviews-card");
  expect(await within(card).findByTestId("review-score")).toHaveProperty("textContent", "Very Positive");
  // 1812 ÷ 2212 = 81.9 %; 20 days ago 1500 ÷ 2000 = 75 %: +6.9 points, +212 reviews.
  expect(within(card).getByTestId("review-percent").textContent).toBe("81.9% positive");
  expect(within(card).getByTestId("review-total").textContent).toBe("2,212 reviews");
  const change = within(card).getByTestId("review-change").textContent;
  expect(change).toContain("+6.9 pts in 30 days");
  expect(change).toContain("+212 reviews");
  expect(await within(card).findByTestId("review-trend")).toBeTruthy();
});

test("without a stored summary the card says when one will come", async () => {
  const { project, caller } = await analyticsProject();
  renderWithApp(<AnalyticsTab projectId={project.id} />, { caller });
  const empty = await screen.findByTestId("reviews-empty");
  expect(empty.textContent).toContain("No review score yet");
});

test("a project without an app id shows no Reviews card", async () => {
  const { project, caller } = await analyticsProject({ appId: null, steam: false });
  renderWithApp(<AnalyticsTab projectId={project.id} />, { caller });
  await screen.findByTestId("analytics-tab");
  expect(screen.queryByTestId("reviews-card")).toBeNull();
});
