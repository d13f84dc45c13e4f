import { afterAll, afterEach, beforeAll, expect, test } from "bun:test";
import { SalesInsights } from "@client/pages/project-detail/analytics/sales/SalesInsights";
import { formatCents } from "@shared/format";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { startSteamMsw } from "../fakes/steam/msw";
import { DISCOUNTS } from "../fakes/steam/sales-gen";
import { untilDone } from "../support/jobs";
import { renderWithApp } from "../support/render";
import { analyticsProject } from "./analytics-fixtures";

// The sales cards over sales synced from the fake's generated calendar (discounts, refunds, a bundle).

afterEach(cleanup);
let steam: ReturnType<typeof startSteamMsw>;
beforeAll(() => {
  steam = startSteamMsw({ salesDays: 120 });
});
afterAll(() => steam.stop());

async function synced() {
  const w = await analyticsProject({ financial: true, appId: 2456740 });
  await untilDone(w.caller).analytics.syncFinancial({ projectId: w.project.id, days: 120 });
  renderWithApp(<SalesInsights projectId={w.project.id} days={90} />, { caller: w.caller });
  return w;
}

test("the breakdown card switches grouping and its total is the overview's net", async () => {
  const w = await synced();
  await screen.findByTestId("refunds-chart", {}, { timeout: 5000 });
  const card = await screen.findByTestId("sales-breakdown-card");
  const byCountry = await within(card).findByTestId("breakdown-table-country");
  expect(within(byCountry).getByText("United States")).toBeTruthy();
  expect(within(byCountry).getAllByText("Western Europe").length).toBe(3);
  const overview = await w.caller.analytics.overview({ projectId: w.project.id, days: 90 });
  const net = formatCents(overview.financial!.detailedMetrics.netSales);
  expect(within(byCountry).getAllByText(net).length).toBe(1);

  fireEvent.click(within(card).getByRole("button", { name: "Discount" }));
  const byDiscount = await within(card).findByTestId("breakdown-table-discount");
  expect(within(byDiscount).getByText("Full price")).toBeTruthy();
  const shown = DISCOUNTS.filter((d) => within(byDiscount).queryByText(d.name));
  expect(shown.length).toBeGreaterThanOrEqual(2);
  expect(within(byDiscount).getAllByText(net).length).toBe(1);
  expect(within(card).getByRole("button", { name: "Discount" }).getAttribute("aria-pressed")).toBe("true");

  fireEvent.click(within(card).getByRole("button", { name: "Package" }));
  const byPackage = await within(card).findByTestId("breakdown-table-package");
  expect(within(byPackage).getByText("Starfall Outpost Complete Bundle")).toBeTruthy();
}, 30_000);

test("sale events show depth, coloured lift, net per day and top countries; refunds mark spikes", async () => {
  const w = await synced();
  const chart = await screen.findByTestId("refunds-chart", {}, { timeout: 5000 });
  const card = await screen.findByTestId("sale-events-card");
  await waitFor(() => expect(within(card).getAllByTestId("sale-event").length).toBeGreaterThan(0));
  // Events come from all stored sales, not the period chosen: the card says so.
  expect(within(card).getByText(/does not follow the period chosen above/)).toBeTruthy();
  const { events } = await w.caller.analyticsSales.saleEvents({ projectId: w.project.id });
  const rows = within(card).getAllByTestId("sale-event");
  expect(rows).toHaveLength(events.length);
  const first = within(rows[0]!);
  expect(first.getByText(events[0]!.name)).toBeTruthy();
  expect(first.getByText(`−${events[0]!.depthPercent}%`)).toBeTruthy();
  expect(first.getByText(formatCents(events[0]!.netPerDayCents))).toBeTruthy();
  // Wishlist purchases over the sale's days, or "Not known yet" when no wishlist report covers them.
  const bought = events[0]!.wishlistPurchases;
  expect(first.getByText(bought === null ? "Not known yet" : bought.toLocaleString("en-US"))).toBeTruthy();
  expect(first.getByText(`${events[0]!.topCountries[0]!.name}`, { exact: false })).toBeTruthy();
  // The seeded sales history has synced days before the first sale, so its lift is known and shown.
  const lift = events[0]!.liftPercent;
  expect(lift).not.toBeNull();
  expect(first.getByText(`${lift! > 0 ? "+" : "−"}${Math.abs(lift!).toFixed(1)}%`)).toBeTruthy();

  const refunds = await w.caller.analyticsSales.refunds({ projectId: w.project.id, days: 90 });
  const spikes = refunds.days.filter((d) => d.spike).length;
  expect(spikes).toBeGreaterThan(0);
  expect(within(chart).getByTestId("refund-spikes").textContent).toBe(
    spikes === 1 ? "1 spike" : `${spikes} spikes`,
  );
}, 30_000);

test("each breakdown row shows tax, so gross − returns − tax = net on screen; name and Net stay pinned", async () => {
  await synced();
  // Every card settled first, so none updates after the test.
  await screen.findByTestId("refunds-chart", {}, { timeout: 5000 });
  await waitFor(() => expect(screen.getAllByTestId("sale-event").length).toBeGreaterThan(0));
  const card = await screen.findByTestId("sales-breakdown-card");
  const table = await within(card).findByTestId("breakdown-table-country");
  const headers = within(table)
    .getAllByRole("columnheader")
    .map((h) => h.textContent);
  expect(headers).toEqual(["Country", "Gross", "Returns", "Tax", "Net", "Units", "Refund rate"]);
  const dollars = (text: string | null) => Math.round(Number((text ?? "").replace(/[^0-9.]/g, "")) * 100);
  const rows = within(table).getAllByRole("row").slice(1);
  let taxed = 0;
  for (const row of rows) {
    const [, gross, returns, tax, net] = within(row)
      .getAllByRole("cell")
      .map((c) => dollars(c.textContent));
    expect(gross! - returns! - tax!).toBe(net!);
    if (tax! > 0) taxed++;
  }
  expect(taxed).toBeGreaterThan(1);
  // On a phone the table scrolls sideways inside its card; the group and Net never scroll away.
  const germany = within(table).getByText("Germany").closest("tr")!;
  const cells = within(germany).getAllByRole("cell");
  expect(getComputedStyle(cells[0]!).position).toBe("sticky");
  expect(getComputedStyle(cells[4]!).position).toBe("sticky");
  expect(getComputedStyle(cells[1]!).position).not.toBe("sticky");
}, 30_000);
