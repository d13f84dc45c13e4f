import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { AnalyticsTab } from "@client/pages/project-detail/AnalyticsTab";
import { Sampler } from "@server/features/analytics/players/sampler";
import { ReviewSampler } from "@server/features/analytics/reviews/review-sampler";
import { noteState } from "@server/features/analytics/watchlist/app-states";
import { DetailsSampler } from "@server/features/analytics/watchlist/details-sampler";
import { watchlistApps } from "@server/platform/db/schema";
import { ESTIMATES, WATCH_STATES, WATCHLIST } from "@shared/messages/watchlist";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { startSteamMsw } from "../fakes/steam/msw";
import { reviewSummaryAt } from "../fakes/steam/reviews";
import { renderWithApp } from "../support/render";
import { analyticsProject } from "./analytics-fixtures";

// The Compare card, fed by the real samplers through the fake Steam: figures beside the list's
// median, a sales range named with its method, and plain words where Steam gave nothing.

afterEach(cleanup);
let steam: ReturnType<typeof startSteamMsw>;
beforeAll(() => {
  steam = startSteamMsw();
});
afterAll(() => steam.stop());

const OWN = 2456740;
const RIVAL = 1987650;
const UNKNOWN = 4242424;
const idle = { setInterval: () => 1, clearInterval: () => {} };

async function watched(role: "manager" | "viewer" = "manager") {
  const w = await analyticsProject({ appId: OWN, role });
  for (const appId of [RIVAL, UNKNOWN])
    await w.deps.db
      .insert(watchlistApps)
      .values({ projectId: w.project.id, appId, name: `Game ${appId}`, addedAt: Date.now() });
  await new Sampler(w.deps, idle).runOnce();
  await new ReviewSampler(w.deps, idle).runOnce();
  await new DetailsSampler(w.deps, idle).runOnce();
  return w;
}

test("each game's figures, the median of the list, and a named sales estimate; an unknown app in words", async () => {
  const { project, caller } = await watched();
  renderWithApp(<AnalyticsTab projectId={project.id} />, { caller });
  const card = await screen.findByTestId("compare-card");
  const rival = await within(card).findByTestId(`compare-row-${RIVAL}`);
  expect(rival.textContent).toContain("Hollow Lantern");
  const reviews = reviewSummaryAt(RIVAL, Date.now())!.total_reviews;
  expect(within(card).getByTestId(`estimate-${RIVAL}`).textContent).toBe(
    `${(reviews * 20).toLocaleString("en-US")}–${(reviews * 60).toLocaleString("en-US")} units`,
  );
  expect(within(card).getByTestId(`compare-row-${OWN}`).textContent).toContain(WATCHLIST.yours);
  const unknown = within(card).getByTestId(`compare-row-${UNKNOWN}`).textContent;
  expect(unknown).toContain(WATCH_STATES.unknown_app);
  expect(unknown).toContain(ESTIMATES.noReviews);
  expect(unknown).not.toContain(" 0 ");
  expect(within(card).getByTestId("compare-median").textContent).toContain(reviews.toLocaleString("en-US"));
  const method = within(card).getByTestId("estimate-method").textContent!;
  expect(method).toContain("Boxleiter");
  expect(method).toContain("Jake Birkett");
  expect(await within(card).findByTestId("compare-chart")).toBeTruthy();
});

test("an empty list says how to start; a viewer reads the card without the search", async () => {
  const { project, caller } = await analyticsProject({ appId: OWN, role: "viewer" });
  renderWithApp(<AnalyticsTab projectId={project.id} />, { caller });
  const card = await screen.findByTestId("compare-card");
  expect((await within(card).findByTestId("compare-empty")).textContent).toBe(WATCHLIST.empty);
  expect(within(card).queryByRole("button", { name: "Add a game" })).toBeNull();
});

test("a manager adds a game found through the search and removes it again", async () => {
  const { project, caller, deps } = await analyticsProject({ appId: OWN });
  renderWithApp(<AnalyticsTab projectId={project.id} />, { caller });
  const card = await screen.findByTestId("compare-card");
  fireEvent.click(await within(card).findByRole("button", { name: "Add a game" }));
  fireEvent.change(within(card).getByRole("combobox"), { target: { value: "Moss" } });
  fireEvent.click(await within(card).findByRole("option", { name: /Moss & Mortar/ }));
  await waitFor(() => expect(within(card).getByTestId("watchlist").textContent).toContain("Moss & Mortar"));
  expect((await deps.db.select().from(watchlistApps)).map((r) => r.appId)).toEqual([2671090]);
  fireEvent.click(within(card).getByRole("button", { name: "Remove Moss & Mortar from the watch list" }));
  await waitFor(() => expect(within(card).getByTestId("watchlist").textContent).toBe(""));
  expect(await deps.db.select().from(watchlistApps)).toEqual([]);
});

test("a game Steam rate-limited or that has no reviews reads in words, never as a zero", async () => {
  const { project, caller, deps } = await analyticsProject({ appId: OWN });
  await deps.db
    .insert(watchlistApps)
    .values({ projectId: project.id, appId: RIVAL, name: "Hollow Lantern", addedAt: Date.now() });
  await noteState(deps, RIVAL, "players", "rate_limited");
  await noteState(deps, RIVAL, "reviews", "no_reviews");
  await noteState(deps, RIVAL, "details", "unavailable");
  renderWithApp(<AnalyticsTab projectId={project.id} />, { caller });
  const row = await within(await screen.findByTestId("compare-card")).findByTestId(`compare-row-${RIVAL}`);
  expect(row.textContent).toContain(WATCH_STATES.rate_limited);
  expect(row.textContent).toContain(WATCH_STATES.no_reviews);
  expect(row.textContent).toContain(WATCH_STATES.unavailable);
  expect(row.textContent).toContain(ESTIMATES.noReviews);
});
