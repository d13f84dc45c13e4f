import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { AnalyticsTab } from "@client/pages/project-detail/AnalyticsTab";
import { utcDate } from "@server/features/analytics/steam/dates";
import { analyticsAnomalies } from "@server/platform/db/schema";
import { cleanup, screen, within } from "@testing-library/react";
import { startSteamMsw } from "../fakes/steam/msw";
import { renderWithApp } from "../support/render";
import { analyticsProject } from "./analytics-fixtures";

// The Unusual days card: plain sentences with the usual range, or words saying nothing was unusual.

afterEach(cleanup);
let steam: ReturnType<typeof startSteamMsw>;
beforeAll(() => {
  steam = startSteamMsw();
});
afterAll(() => steam.stop());

test("a told anomaly reads as a sentence with its country and usual range", async () => {
  const { deps, project, caller } = await analyticsProject();
  await deps.db.insert(analyticsAnomalies).values({
    projectId: project.id,
    figure: "wishlist_deletes",
    country: "DE",
    date: utcDate(Date.now()),
    value: 82,
    median: 12,
    low: 8.6,
    high: 15.4,
    sentAt: Date.now(),
  });
  renderWithApp(<AnalyticsTab projectId={project.id} />, { caller });
  const card = await screen.findByTestId("anomalies-card");
  const item = await within(card).findByTestId("anomaly");
  expect(item.textContent).toContain("Wishlist deletes in DE were 82 on");
  expect(item.textContent).toContain("well above a usual day (8.6 to 15.4)");
  expect(item.textContent).toContain("DE");
  await screen.findByTestId("timeline-chart");
});

test("without anomalies the card says so instead of an empty list", async () => {
  const { project, caller } = await analyticsProject();
  renderWithApp(<AnalyticsTab projectId={project.id} />, { caller });
  const none = await screen.findByTestId("anomalies-none");
  expect(none.textContent).toContain("Nothing unusual");
  // The tab's lazily loaded timeline chart lands inside the test, not after it.
  await screen.findByTestId("timeline-chart");
});
