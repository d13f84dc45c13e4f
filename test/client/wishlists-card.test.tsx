import { afterEach, expect, test } from "bun:test";
import { LOAD_FAILED } from "@client/messages/load-failed";
import { WISHLISTS_UI } from "@client/messages/wishlists-ui";
import { AnalyticsTab } from "@client/pages/project-detail/AnalyticsTab";
import { WishlistsSection } from "@client/pages/project-detail/analytics/WishlistsSection";
import type { AppDeps } from "@server/deps";
import { steamWishlistCountries, steamWishlistDays } from "@server/platform/db/schema";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { failing } from "../support/failing-caller";
import { actUntil, renderWithApp } from "../support/render";
import { APP_ID, analyticsProject, DAY_MS } from "./analytics-fixtures";

// The wishlists card on the analytics tab, over days written straight into the server's tables.

afterEach(cleanup);

const gmtDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);

async function addDay(
  deps: AppDeps,
  daysAgo: number,
  c: { adds: number; deletes: number; purchases: number; gifts: number },
) {
  await deps.db
    .insert(steamWishlistDays)
    .values({ appId: APP_ID, date: gmtDay(daysAgo), ...c, fetchedAt: Date.now() });
}

test("headline figures, chart and top countries come from the stored days; balance counts from the first date", async () => {
  const { deps, project, caller } = await analyticsProject({ financial: true });
  // Before the 30-day period: +100 outstanding.
  await addDay(deps, 200, { adds: 120, deletes: 10, purchases: 8, gifts: 2 });
  await addDay(deps, 5, { adds: 40, deletes: 4, purchases: 2, gifts: 0 });
  await addDay(deps, 2, { adds: 60, deletes: 6, purchases: 4, gifts: 1 });
  await deps.db.insert(steamWishlistCountries).values([
    { appId: APP_ID, date: gmtDay(2), countryCode: "DE", adds: 25, deletes: 1, purchases: 1, gifts: 0 },
    { appId: APP_ID, date: gmtDay(2), countryCode: "US", adds: 35, deletes: 5, purchases: 3, gifts: 1 },
  ]);
  renderWithApp(<AnalyticsTab projectId={project.id} />, { caller });
  const section = await screen.findByTestId("wishlists-section");
  await within(section).findByTestId("wishlist-chart", {}, { timeout: 5000 });
  const card = (label: string) => within(section).getByTestId(`stat-${label}`).textContent;
  expect(card("Wishlist adds")).toContain("100");
  // 100 before the period, then +34 and +49.
  expect(card("Outstanding wishlists")).toContain("183");
  expect(card("Outstanding wishlists")).toContain("+83 in the period");
  expect(card("Conversion")).toContain("6.0%");
  expect(card("Conversion")).toContain("6 purchases of 100 adds");
  expect(card("Deletes")).toContain("10");
  const countries = within(section).getByTestId("wishlist-countries");
  const order = [...countries.querySelectorAll("[data-testid^=wishlist-country-]")].map((e) =>
    e.getAttribute("data-testid"),
  );
  expect(order).toEqual(["wishlist-country-US", "wishlist-country-DE"]);
  expect(within(countries).getByTestId("wishlist-country-US").textContent).toContain("United States");
});

test("financial analytics off: the card explains how to turn wishlists on", async () => {
  const { project, caller } = await analyticsProject({ financial: false });
  renderWithApp(<AnalyticsTab projectId={project.id} />, { caller });
  const empty = await screen.findByTestId("wishlists-empty");
  expect(empty.textContent).toContain("Wishlists need financial analytics");
});

test("financial analytics on but nothing fetched yet: the card says how the data arrives", async () => {
  const { project, caller } = await analyticsProject({ financial: true });
  renderWithApp(<AnalyticsTab projectId={project.id} />, { caller });
  const empty = await screen.findByTestId("wishlists-empty");
  expect(empty.textContent).toContain("No wishlist data yet");
});

test("a failed wishlists load says so with a Retry, and the retry shows the card", async () => {
  const { project, caller } = await analyticsProject({ financial: true });
  const net = failing(caller, "analytics.wishlists");
  // The section alone: the rest of the tab's loads are not under test here.
  renderWithApp(<WishlistsSection projectId={project.id} days={30} />, {
    caller: net.caller as typeof caller,
  });
  const section = await screen.findByTestId("wishlists-section");
  const panel = await within(section).findByTestId("load-failed");
  expect(within(panel).getByText(WISHLISTS_UI.loadFailed)).toBeTruthy();
  net.heal();
  const answered = () => within(section).queryByTestId("wishlists-empty") !== null;
  await actUntil(
    () => fireEvent.click(within(panel).getByRole("button", { name: LOAD_FAILED.retry })),
    answered,
  );
  expect(within(section).getByTestId("wishlists-empty").textContent).toContain("No wishlist data yet");
  expect(within(section).queryByTestId("load-failed")).toBeNull();
});
