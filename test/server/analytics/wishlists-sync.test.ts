import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { checkWishlistSpikes } from "@server/features/analytics/wishlists/wishlist-alerts";
import { wishlistExportRows } from "@server/features/analytics/wishlists/wishlist-export";
import {
  projects,
  steamWishlistCountries,
  steamWishlistDays,
  wishlistSpikeAlerts,
} from "@server/platform/db/schema";
import type { ConsoleEvent } from "@server/platform/events/bus";
import { eq } from "drizzle-orm";
import { steamTestDeps } from "../../fakes/steam/deps";
import { startSteamMsw } from "../../fakes/steam/msw";
import { knownWishlists, WISHLIST_APP } from "../../fakes/steam/wishlist-fixtures";
import type { FakeWishlistApp } from "../../fakes/steam/wishlists";
import { untilDone } from "../../support/jobs";
import { callerFor, makeOrg, makeProject, makeUser } from "../../support/server";

// Wishlists fetched by the financial syncs, stored per day, summed by the card and alerted on.

const NOW = Date.parse("2026-11-20T20:00:00Z");
const base = { now: () => NOW, sales: {} };
const msw = startSteamMsw({ ...base, wishlists: knownWishlists() });
afterAll(() => msw.stop());
beforeEach(() => msw.reset({ ...base, wishlists: knownWishlists() }));

async function world(appId = WISHLIST_APP) {
  const deps = steamTestDeps({}, { now: () => NOW });
  const org = await makeOrg(deps);
  const dev = await makeUser(deps, { role: "developer", orgId: org.id });
  const project = await makeProject(deps, { orgId: org.id, name: "Starfall" });
  await deps.db
    .update(projects)
    .set({ steamAppId: appId, steamAnalyticsEnabled: true, financialAnalyticsEnabled: true })
    .where(eq(projects.id, project.id));
  const caller = await callerFor(deps, dev.email);
  const events: ConsoleEvent[] = [];
  deps.events.on((e) => events.push(e));
  const sync = () => untilDone(caller).analytics.syncFinancialRecent({ projectId: project.id });
  return { deps, project, caller, events, sync };
}

const wishlistDates = () => msw.fake.calls("GetAppWishlistReporting").map((u) => u.searchParams.get("date"));

describe("sync", () => {
  test("a financial sync probes today for the first date, then fetches every day since it", async () => {
    const w = await world();
    const res = await w.sync();
    expect(res.wishlists).toEqual({ datesFetched: 6 });
    expect(wishlistDates()).toEqual([
      "2026-11-20",
      "2026-11-14",
      "2026-11-15",
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
    ]);
    const days = await w.deps.db.select().from(steamWishlistDays);
    expect(days.map((d) => d.date)).toEqual([
      "2026-11-14",
      "2026-11-15",
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
    ]);
    expect(days.find((d) => d.date === "2026-11-15")).toMatchObject({
      addsWindows: 16,
      addsMac: 3,
      addsLinux: 1,
    });
  });

  test("a re-sync fetches only the two newest days again and never double-counts, even when Steam restates", async () => {
    const w = await world();
    await w.sync();
    const restated = knownWishlists();
    restated[WISHLIST_APP]!.days!["2026-11-19"] = {
      adds: 15,
      deletes: 3,
      purchases: 2,
      gifts: 1,
      countries: { US: { adds: 15, deletes: 3, purchases: 2, gifts: 1 } },
    };
    msw.reset({ ...base, wishlists: restated });
    const res = await w.sync();
    expect(res.wishlists).toEqual({ datesFetched: 2 });
    expect(wishlistDates()).toEqual(["2026-11-20", "2026-11-18", "2026-11-19"]);
    expect(await w.deps.db.select().from(steamWishlistDays)).toHaveLength(6);
    const a = await w.caller.analytics.wishlists({ projectId: w.project.id, days: 30 });
    expect(a.totals).toEqual({ adds: 10 + 20 + 5 + 8 + 15, deletes: 7, purchases: 8, gifts: 2 });
    const countries = await w.deps.db
      .select()
      .from(steamWishlistCountries)
      .where(eq(steamWishlistCountries.date, "2026-11-19"));
    expect(countries.map((c) => [c.countryCode, c.adds])).toEqual([["US", 15]]);
  });

  test("an app nobody wishlisted: the sync succeeds and the card has no data", async () => {
    const w = await world(2210330);
    const res = await w.sync();
    expect(res.success).toBe(true);
    expect(res.wishlists).toEqual({ datesFetched: 0 });
    const a = await w.caller.analytics.wishlists({ projectId: w.project.id, days: 30 });
    expect(a).toMatchObject({ hasData: false, daily: [], balance: 0, conversion: null, topCountries: [] });
  });

  test("a key without permission fails the wishlist part in plain words, the sales part stands", async () => {
    msw.reset({ ...base, wishlists: knownWishlists() });
    msw.fake.fault({ path: "GetAppWishlistReporting", status: 200, body: '{"response":{}}' });
    const w = await world();
    const res = await w.sync();
    expect(res.success).toBe(true);
    expect(res.wishlists).toEqual({
      datesFetched: 0,
      error:
        "Wishlists were not updated: The Partner API key has no access to financial data (Steam answered an empty response)",
    });
  });

  test("backfill is bounded to three years: the card's longest period, 1095 days ending today", async () => {
    msw.reset({ ...base, wishlists: { [WISHLIST_APP]: { appMinDate: "2020-01-01", days: {} } } });
    const w = await world();
    const res = await w.sync();
    // 1095 days ending 2026-11-20 start on 2023-11-22 (2024 is a leap year); today has no summary yet.
    expect(res.wishlists?.datesFetched).toBe(1094);
    expect(wishlistDates()[1]).toBe("2023-11-22");
  });
});

describe("the card's maths", () => {
  test("balance counts from the first stored date, conversion is purchases ÷ adds over the period", async () => {
    const w = await world();
    await w.sync();
    const a = await w.caller.analytics.wishlists({ projectId: w.project.id, days: 3 });
    // Before 11-18: (10−1) + (20−2−3−1) + 0 + (5−2) = 9 + 14 + 3 = 26.
    expect(a.daily).toEqual([
      { date: "2026-11-18", adds: 8, deletes: 1, purchases: 1, gifts: 0, balance: 32 },
      { date: "2026-11-19", adds: 12, deletes: 3, purchases: 2, gifts: 1, balance: 38 },
      { date: "2026-11-20", adds: 0, deletes: 0, purchases: 0, gifts: 0, balance: 38 },
    ]);
    expect(a.totals).toEqual({ adds: 20, deletes: 4, purchases: 3, gifts: 1 });
    expect(a.balance).toBe(38);
    expect(a.balanceChange).toBe(12);
    expect(a.conversion).toBeCloseTo(3 / 20, 10);
    expect(a.firstDate).toBe("2026-11-14");
    expect(a.platforms).toEqual({ windows: 17, mac: 2, linux: 1 });
    expect(a.topCountries).toEqual([
      { countryCode: "US", adds: 9, deletes: 1, purchases: 3, gifts: 1 },
      { countryCode: "BR", adds: 8, deletes: 3, purchases: 0, gifts: 0 },
      { countryCode: "DE", adds: 3, deletes: 0, purchases: 0, gifts: 0 },
    ]);
  });

  test("the export yields the same rows and balance in date order", async () => {
    const w = await world();
    await w.sync();
    const rows = [];
    for await (const r of wishlistExportRows(w.deps, {
      appId: WISHLIST_APP,
      from: "2026-11-17",
      to: "2026-11-19",
    }))
      rows.push(r);
    expect(rows).toEqual([
      { date: "2026-11-17", adds: 5, deletes: 0, purchases: 2, gifts: 0, balance: 26 },
      { date: "2026-11-18", adds: 8, deletes: 1, purchases: 1, gifts: 0, balance: 32 },
      { date: "2026-11-19", adds: 12, deletes: 3, purchases: 2, gifts: 1, balance: 38 },
    ]);
  });
});

function spikeApp(yesterdayDeletes: number): FakeWishlistApp {
  const days: FakeWishlistApp["days"] = {};
  for (let d = Date.parse("2026-10-20T00:00:00Z"); d < Date.parse("2026-11-19T00:00:00Z"); d += 86_400_000)
    days[new Date(d).toISOString().slice(0, 10)] = { adds: 30, deletes: 4, purchases: 1, gifts: 0 };
  days["2026-11-19"] = { adds: 30, deletes: yesterdayDeletes, purchases: 1, gifts: 0 };
  return { appMinDate: "2026-10-20", days };
}

describe("deletes spike alert", () => {
  test("a day over twice the 28-day median (and at least 10) is announced once, even after a re-sync", async () => {
    msw.reset({ ...base, wishlists: { [WISHLIST_APP]: spikeApp(20) } });
    const w = await world();
    await w.sync();
    await w.sync();
    await checkWishlistSpikes(w.deps, w.project.id, WISHLIST_APP);
    const spikes = w.events.filter((e) => e.type === "analytics.wishlist_deletes_spike");
    expect(spikes).toHaveLength(1);
    expect(spikes[0]).toMatchObject({
      projectId: w.project.id,
      at: NOW,
      message:
        "20 people removed the game from their wishlist on 2026-11-19, more than twice the usual 4 a day.",
    });
    expect(await w.deps.db.select().from(wishlistSpikeAlerts)).toEqual([
      { projectId: w.project.id, date: "2026-11-19", deletes: 20, sentAt: NOW },
    ]);
  });

  test("twice the median but under the floor of 10 is not a spike", async () => {
    msw.reset({ ...base, wishlists: { [WISHLIST_APP]: spikeApp(9) } });
    const w = await world();
    await w.sync();
    expect(w.events.filter((e) => e.type === "analytics.wishlist_deletes_spike")).toEqual([]);
  });

  test("old spikes found by the first backfill are not announced", async () => {
    const app = spikeApp(4);
    app.days!["2026-11-10"] = { adds: 30, deletes: 50, purchases: 0, gifts: 0 };
    msw.reset({ ...base, wishlists: { [WISHLIST_APP]: app } });
    const w = await world();
    await w.sync();
    expect(w.events.filter((e) => e.type === "analytics.wishlist_deletes_spike")).toEqual([]);
  });
});
