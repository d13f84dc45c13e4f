import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from "bun:test";
import { toaster } from "@client/lib/notify";
import { AnalyticsTab } from "@client/pages/project-detail/AnalyticsTab";
import { PARTNER } from "@shared/messages/analytics";
import { RELOAD_AFTER_MS } from "@shared/schemas/analytics";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { DEMO_APP_ID } from "../fakes/steam/catalog";
import { startSteamMsw } from "../fakes/steam/msw";
import { updatesOutsideAct } from "../support/outside-act";
import { renderWithApp } from "../support/render";
import { addSale, analyticsProject, DAY_MS } from "./analytics-fixtures";

// Each test renders into a clean document. The tab's charts load lazily and may arrive after a test's
// last assertion: their updates come outside act(), as in a browser.
updatesOutsideAct();

let steam: ReturnType<typeof startSteamMsw>;
beforeAll(() => {
  steam = startSteamMsw();
});
afterAll(() => steam.stop());

// Reload delays are caught instead of waited for; every other timer runs normally.
const realSetTimeout = globalThis.setTimeout;
let reloads: { fn: () => void; ms: number }[] = [];
beforeEach(() => {
  reloads = [];
  toaster.remove();
  const watched = new Set<number>(Object.values(RELOAD_AFTER_MS));
  globalThis.setTimeout = ((fn: () => void, ms?: number, ...rest: unknown[]) => {
    if (ms !== undefined && watched.has(ms)) {
      reloads.push({ fn, ms });
      return 0;
    }
    return realSetTimeout(fn, ms, ...rest);
  }) as typeof setTimeout;
});
afterEach(() => {
  globalThis.setTimeout = realSetTimeout;
});

const pacificDay = (ms: number) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Los_Angeles",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(ms));
const render = (projectId: number, caller: Record<string, unknown>) =>
  renderWithApp(<AnalyticsTab projectId={projectId} />, { caller });
const toasts = () =>
  toaster
    .getVisibleToasts()
    .map((t) => ({ title: String(t.title), description: String(t.description ?? "") }));

test("financial cards and breakdown are computed from the stored line items, in USD from cents", async () => {
  const { deps, project, caller } = await analyticsProject({ financial: true });
  await addSale(deps, {
    date: pacificDay(Date.now() - 3 * DAY_MS),
    grossCents: 19990,
    returnsCents: 1999,
    sold: 10,
    returned: 1,
  });
  await addSale(deps, {
    date: pacificDay(Date.now()),
    grossCents: 5997,
    returnsCents: 0,
    sold: 3,
    returned: 0,
  });
  render(project.id, caller);
  const section = await screen.findByTestId("financial-section");
  // The charts arrive in their own lazily loaded chunk.
  await within(section).findByTestId("revenue-chart", {}, { timeout: 5000 });
  within(section).getByTestId("units-chart");
  const card = (label: string) => within(section).getByTestId(`stat-${label}`).textContent;
  expect(card("Daily Revenue")).toContain("$59.97");
  expect(card("Total Revenue")).toContain("$239.88");
  expect(card("Units Sold Today")).toContain("3");
  expect(card("ARPU")).toContain("$19.99");

  const row = (label: string) => within(section).getByTestId(`breakdown-${label}`).textContent;
  expect(row("Gross Sales")).toBe("$259.87");
  expect(row("Returns")).toBe("−$19.99");
  expect(row("Net Sales")).toBe("$239.88");
  expect(row("Return Rate")).toBe("7.7%");
  expect(row("Average Sale Price")).toBe("$19.99");
  expect(row("Revenue Impact of Returns")).toBe("−7.7%");

  const summary = within(section).getByTestId("data-summary");
  expect(summary.textContent).toContain("2 of 30 days");
  expect(summary.textContent).toContain("Never");
  within(section).getByText("Financial Data Management");
  within(section).getByRole("button", { name: /Fetch All History \(1 year\)/ });
  // The first test loads the charts' chunk: slow on a busy machine.
}, 30_000);

test("a period without sales shows one No sales state: no $0 cards, no empty charts, no −$0.00", async () => {
  const { project, caller } = await analyticsProject({ financial: true });
  render(project.id, caller);
  const section = await screen.findByTestId("financial-section");
  within(section).getByText("No sales in this period");
  expect(within(section).queryByTestId("stat-Daily Revenue")).toBeNull();
  expect(within(section).queryByTestId("sales-breakdown")).toBeNull();
  expect(within(section).queryByTestId("revenue-chart")).toBeNull();
  expect(section.textContent).not.toContain("$0");
  // Syncing stays at hand: that is how sales arrive.
  within(section).getByRole("button", { name: /Sync Last 30 Days/ });
});

test("Sync Data samples Steam now and reloads the tab after 5 s", async () => {
  const { project, caller } = await analyticsProject({ appId: DEMO_APP_ID });
  render(project.id, caller);
  fireEvent.click(await screen.findByRole("button", { name: /Sync Data/ }));
  await waitFor(() => expect(reloads.map((r) => r.ms)).toEqual([RELOAD_AFTER_MS.steam]), { timeout: 4000 });
  expect(toasts()[0]?.description).toContain("Historical sync started for 30 days");
  // Nothing reloads before the delay has passed.
  expect(screen.queryByRole("button", { name: /Refresh Data/ })).toBeNull();
  act(() => reloads[0]!.fn());
  await screen.findByRole("button", { name: /Refresh Data/ });
});

test("Fetch Recent reports the records found and reloads after 2 s", async () => {
  const { project, caller } = await analyticsProject({ appId: DEMO_APP_ID, financial: true });
  render(project.id, caller);
  fireEvent.click(await screen.findByRole("button", { name: /Fetch Recent/ }));
  await waitFor(() => expect(reloads.map((r) => r.ms)).toEqual([RELOAD_AFTER_MS.fetchRecent]), {
    timeout: 8000,
  });
  expect(toasts()[0]?.description).toMatch(/^Fetched \d+ recent records \(today \+ yesterday\)$/);
});

test("without partner access the notice carries the server's message and the suggestions joined by bullets", async () => {
  const { project, caller } = await analyticsProject({ appId: DEMO_APP_ID, financial: true, partnerKey: "" });
  render(project.id, caller);
  fireEvent.click(await screen.findByRole("button", { name: /Sync Last 30 Days/ }));
  await waitFor(() => expect(toasts()).toHaveLength(1));
  const [notice] = toasts();
  expect(notice!.title).toBe(PARTNER.keyMissing);
  expect(notice!.description).toBe(PARTNER.suggestions.join(" • "));
  expect(reloads).toEqual([]);
  // The buttons come back once the call has failed.
  await waitFor(() =>
    expect((screen.getByRole("button", { name: /Sync Last 30 Days/ }) as HTMLButtonElement).disabled).toBe(
      false,
    ),
  );
});
