import { afterEach, beforeEach, expect, test } from "bun:test";
import { ExportControl } from "@client/pages/project-detail/analytics/ExportControl";
import { TimelineCard } from "@client/pages/project-detail/analytics/TimelineCard";
import { SERIES_AXIS } from "@client/pages/project-detail/analytics/timeline-series";
import { destinationIntents, destinations, liveRuns } from "@server/platform/db/schema";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderWithApp } from "../support/render";
import { addSale, addSamples, analyticsProject } from "./analytics-fixtures";

// The analytics tab's download control and its one timeline card, against the real procedures.

afterEach(cleanup);

let clicks: { href: string; download: string }[] = [];
const realClick = HTMLAnchorElement.prototype.click;
beforeEach(() => {
  clicks = [];
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    clicks.push({ href: this.getAttribute("href") ?? "", download: this.download });
  };
});
afterEach(() => {
  HTMLAnchorElement.prototype.click = realClick;
});

const NOW = Date.parse("2026-11-20T12:00:00Z");
const choose = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

test("download control: last 30 days by default, then the chosen kind, dates and format", async () => {
  const { project, caller } = await analyticsProject({ financial: true });
  renderWithApp(<ExportControl projectId={project.id} now={NOW} />, { caller });
  const panel = await screen.findByTestId("analytics-export");
  expect((within(panel).getByLabelText("From") as HTMLInputElement).value).toBe("2026-10-22");
  expect((within(panel).getByLabelText("To") as HTMLInputElement).value).toBe("2026-11-20");
  fireEvent.click(within(panel).getByRole("button", { name: "Download" }));
  await waitFor(() => expect(clicks).toHaveLength(1));
  expect(clicks[0]).toEqual({
    href: `/api/analytics/export/${project.id}?kind=sales&from=2026-10-22&to=2026-11-20&format=csv`,
    download: "portal-tests-sales-2026-10-22-2026-11-20.csv",
  });

  choose("Data", "players");
  choose("Format", "json");
  choose("From", "2026-01-01");
  fireEvent.click(within(panel).getByRole("button", { name: "Download" }));
  await waitFor(() => expect(clicks).toHaveLength(2));
  expect(clicks[1]!.href).toBe(
    `/api/analytics/export/${project.id}?kind=players&from=2026-01-01&to=2026-11-20&format=json`,
  );
});

test("download control: a refusal shows in plain words and nothing downloads", async () => {
  const { project, caller } = await analyticsProject({ financial: true });
  renderWithApp(<ExportControl projectId={project.id} now={NOW} />, { caller });
  await screen.findByTestId("analytics-export");
  choose("From", "2026-12-01");
  fireEvent.click(screen.getByRole("button", { name: "Download" }));
  expect((await screen.findByRole("alert")).textContent).toBe(
    "The start date must be on or before the end date.",
  );
  // More than three years at once is refused too.
  choose("From", "2020-01-01");
  fireEvent.click(screen.getByRole("button", { name: "Download" }));
  await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("at most 1096 days"));
  expect(clicks).toHaveLength(0);
});

test("timeline card: hours on air and a legend of the series that have data", async () => {
  const { deps, project, caller } = await analyticsProject({ financial: true });
  const now = Date.now();
  await addSamples(deps, [{ daysAgo: 1, players: 50 }]);
  await addSale(deps, {
    date: new Date(now - 86_400_000).toISOString().slice(0, 10),
    grossCents: 999,
    returnsCents: 0,
    sold: 1,
    returned: 0,
  });
  const dest = (
    await deps.db
      .insert(destinations)
      .values({ projectId: project.id, name: "Steam", type: "custom", rtmpUrl: "rtmp://127.0.0.1/live" })
      .returning()
  )[0]!.id;
  // 90 minutes on air, ended an hour ago.
  const start = now - 150 * 60_000;
  const end = now - 60 * 60_000;
  await deps.db
    .insert(destinationIntents)
    .values({ destinationId: dest, source: "user", startedAt: start, endedAt: end });
  await deps.db.insert(liveRuns).values({ streamId: 1, destinationId: dest, startedAt: start, endedAt: end });
  renderWithApp(<TimelineCard projectId={project.id} days={30} />, { caller });
  const card = await screen.findByTestId("analytics-timeline");
  expect(within(card).getByText("One Timeline")).toBeTruthy();
  expect(within(card).getByText("1.5 h on air")).toBeTruthy();
  const legend = within(card).getByTestId("timeline-legend");
  // Each entry says where it is read; the bars' height is stated, since they have no axis.
  expect([...legend.querySelectorAll("p")].map((e) => e.textContent)).toEqual([
    "Net revenue (left axis)",
    "Player peak (right axis)",
    "On air (bar height, full = 24 h a day)",
  ]);
  expect(await within(card).findByTestId("timeline-chart")).toBeTruthy();
});

test("timeline: every series has a scale of its own, so wishlist adds never share the player peaks' axis", () => {
  const axes = Object.values(SERIES_AXIS);
  expect(new Set(axes).size).toBe(axes.length);
  expect(SERIES_AXIS.wishlists).not.toBe(SERIES_AXIS.players);
  expect(SERIES_AXIS.wishlists).not.toBe(SERIES_AXIS.reviews);
});
