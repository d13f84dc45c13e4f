import { expect, test } from "bun:test";
import { PLAYER_CHART_UI } from "@client/messages/analytics-ui";
import { AnalyticsTab } from "@client/pages/project-detail/AnalyticsTab";
import { axisTicks } from "@client/pages/project-detail/analytics/player-chart";
import { CHART_BAR_MAX_PX, CHART_BAR_MIN_PX } from "@shared/schemas/analytics";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { updatesOutsideAct } from "../support/outside-act";
import { renderWithApp } from "../support/render";
import { callerFor, makeOrg, makeUser } from "../support/server";
import { addSale, addSamples, analyticsProject } from "./analytics-fixtures";

// Each test renders into a clean document. The tab's charts load lazily and may arrive after a test's
// last assertion: their updates come outside act(), as in a browser.
updatesOutsideAct();

const render = (projectId: number, caller: Record<string, unknown>) =>
  renderWithApp(<AnalyticsTab projectId={projectId} />, { caller, path: `/projects/${projectId}/analytics` });

const heightOf = (el: HTMLElement) => Number.parseFloat(el.style.height);

test("without data the sync button reads Sync Data, beside the App ID", async () => {
  const empty = await analyticsProject();
  render(empty.project.id, empty.caller);
  expect(await screen.findByRole("button", { name: /Sync Data/ })).toBeTruthy();
  expect(screen.queryByRole("button", { name: /Refresh Data/ })).toBeNull();
  expect(screen.getByText(/App ID/).textContent).toContain("620");
  screen.getByText("Game Analytics");
});

test("with samples: Refresh Data, the seven cards, and a 30-day chart within 4..232 px with today highlighted", async () => {
  const { deps, project, caller } = await analyticsProject();
  // Ten days of samples, the busiest 3 days ago; today has a sample too.
  await addSamples(deps, [
    { daysAgo: 9, players: 100 },
    { daysAgo: 6, players: 400 },
    { daysAgo: 3, players: 1000 },
    { daysAgo: 1, players: 7 },
    { daysAgo: 0, players: 250 },
  ]);
  render(project.id, caller);
  expect(await screen.findByRole("button", { name: /Refresh Data/ })).toBeTruthy();
  for (const label of [
    "Current Players",
    "Peak Players",
    "Achievements",
    "Recent News",
    "Avg Daily Peak",
    "Growth Trend",
    "Achievement Rate",
  ]) {
    screen.getByText(label);
  }
  expect(within(screen.getByTestId("stat-Peak Players")).getByText("1,000")).toBeTruthy();
  expect(within(screen.getByTestId("stat-Current Players")).getByText("250")).toBeTruthy();

  const bars = screen.getAllByTestId("player-bar");
  expect(bars).toHaveLength(30);
  const heights = bars.map(heightOf);
  for (const h of heights) {
    expect(h).toBeGreaterThanOrEqual(CHART_BAR_MIN_PX);
    expect(h).toBeLessThanOrEqual(CHART_BAR_MAX_PX);
  }
  expect(Math.max(...heights)).toBe(CHART_BAR_MAX_PX);
  // Days without samples and the 7-player day (0.7 % of the peak) keep the 4 px minimum.
  expect(heightOf(bars[0]!)).toBe(CHART_BAR_MIN_PX);
  expect(heightOf(bars[28]!)).toBe(CHART_BAR_MIN_PX);
  const today = bars.filter((b) => b.dataset.today === "true");
  expect(today).toHaveLength(1);
  expect(today[0]).toBe(bars[29]!);

  // Hovering a bar shows its figures.
  fireEvent.mouseEnter(screen.getAllByTestId("player-bar-column")[26]!);
  const tooltip = await screen.findByTestId("chart-tooltip");
  expect(tooltip.textContent).toContain("1,000");
});

test("a flat week reads as flat: the axis starts at 0 with round ticks, and the last two dates never touch", async () => {
  const { deps, project, caller } = await analyticsProject();
  await addSamples(
    deps,
    Array.from({ length: 7 }, (_, i) => ({ daysAgo: i, players: 2800 + i * 3 })),
  );
  render(project.id, caller);
  await screen.findByRole("button", { name: /Refresh Data/ });
  const ticks = screen.getAllByTestId("player-axis-tick").map((t) => t.textContent);
  expect(ticks).toEqual(["0", "1K", "2K", "3K", "4K"]);
  // 2,818 of a 4,000 axis: about 70 % of the plot, not the full height.
  const heights = screen.getAllByTestId("player-bar").slice(-7).map(heightOf);
  for (const h of heights) expect(h).toBeLessThan(CHART_BAR_MAX_PX * 0.75);
  expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(2);
  // Today is labelled alone at the end; the nearest date is five days back, not one slot away.
  const labels = [...screen.getByTestId("player-day-labels").children].map((l) => l.textContent);
  expect(labels.at(-1)).toBe("Today");
  const days = Array.from({ length: 30 }, (_, i) =>
    new Date(Date.now() - (29 - i) * 86_400_000).toLocaleDateString("en-US", {
      month: "short",
      day: "numeric",
      timeZone: "UTC",
    }),
  );
  expect(labels.at(-2)).toBe(days[24]!);
});

test("changing the period refetches the overview for that many days", async () => {
  const { deps, project, caller } = await analyticsProject();
  await addSamples(deps, [
    { daysAgo: 20, players: 5000 },
    { daysAgo: 2, players: 300 },
  ]);
  render(project.id, caller);
  const peak = () => screen.getByTestId("stat-Peak Players");
  await waitFor(() => expect(within(peak()).getByText("5,000")).toBeTruthy());
  fireEvent.change(screen.getByLabelText("Period"), { target: { value: "7" } });
  await waitFor(() => expect(within(peak()).getByText("300")).toBeTruthy());
  expect(within(peak()).getByText("highest in 7 days")).toBeTruthy();
});

test("analytics off: a link to the project settings, and no sync", async () => {
  const { project, caller } = await analyticsProject({ steam: false, appId: null });
  render(project.id, caller);
  await screen.findByText("Steam App ID not configured");
  const link = screen.getByRole("link", { name: /Open Settings/ });
  expect(link.getAttribute("href")).toBe(`/projects/${project.id}/settings`);
  expect((screen.getByRole("button", { name: /Sync Data/ }) as HTMLButtonElement).disabled).toBe(true);
});

test("another organization's project reads Project Not Found with Select Project", async () => {
  const { deps, project } = await analyticsProject();
  const outsider = await makeUser(deps, { orgId: (await makeOrg(deps)).id });
  render(project.id, await callerFor(deps, outsider.email));
  await screen.findByText("Project Not Found");
  expect(screen.getByRole("link", { name: "Select Project" }).getAttribute("href")).toBe("/projects");
  expect(screen.queryByText("Game Analytics")).toBeNull();
});

test("axes end on a round figure at or above the peak, in four round steps from 0", () => {
  expect(axisTicks(380)).toEqual([0, 100, 200, 300, 400]);
  expect(axisTicks(3113)).toEqual([0, 1000, 2000, 3000, 4000]);
  expect(axisTicks(1000)).toEqual([0, 250, 500, 750, 1000]);
  expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
  expect(axisTicks(0)).toEqual([0]);
});

test("a viewer gets no Sync buttons: neither Sync Data nor the financial syncs", async () => {
  const { deps, project, caller } = await analyticsProject({ role: "viewer", financial: true });
  await addSamples(deps, [{ daysAgo: 0, players: 250 }]);
  await addSale(deps, {
    date: new Date().toISOString().slice(0, 10),
    grossCents: 10_000,
    returnsCents: 0,
    sold: 5,
    returned: 0,
  });
  render(project.id, caller);
  expect(await screen.findByTestId("financial-section")).toBeTruthy();
  expect(screen.getByText("Game Analytics")).toBeTruthy();
  expect(screen.queryByRole("button", { name: /Sync Data|Refresh Data/ })).toBeNull();
  expect(screen.queryByTestId("financial-data-management")).toBeNull();
  expect(screen.queryByRole("button", { name: /Sync|Fetch/ })).toBeNull();
});

test("a developer syncs but does not test the partner key", async () => {
  const { deps, project, caller } = await analyticsProject({ role: "developer", financial: true });
  await addSale(deps, {
    date: new Date().toISOString().slice(0, 10),
    grossCents: 10_000,
    returnsCents: 0,
    sold: 5,
    returned: 0,
  });
  render(project.id, caller);
  const panel = await screen.findByTestId("financial-data-management");
  expect(screen.getByRole("button", { name: /Sync Data|Refresh Data/ })).toBeTruthy();
  expect(within(panel).getAllByRole("button").length).toBe(3);
});

test("the 30-day player chart says it does not follow the period selector", async () => {
  const { deps, project, caller } = await analyticsProject();
  await addSamples(deps, [{ daysAgo: 0, players: 250 }]);
  render(project.id, caller);
  const chart = await screen.findByTestId("player-chart");
  expect(within(chart).getByText(PLAYER_CHART_UI.fixedPeriod)).toBeTruthy();
  fireEvent.change(screen.getByRole("combobox", { name: "Period" }), { target: { value: "90" } });
  await waitFor(() =>
    expect(within(screen.getByTestId("player-chart")).getByText(PLAYER_CHART_UI.fixedPeriod)).toBeTruthy(),
  );
});
