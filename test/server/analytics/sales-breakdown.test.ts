import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import {
  projects,
  steamSales,
  steamSalesBundles,
  steamSalesCountries,
  steamSalesDiscounts,
  steamSalesPackages,
} from "@server/platform/db/schema";
import { BREAKDOWN_BY } from "@shared/schemas/analytics-sales";
import { eq } from "drizzle-orm";
import { steamTestDeps } from "../../fakes/steam/deps";
import { startSteamMsw } from "../../fakes/steam/msw";
import { BUNDLE, DISCOUNTS } from "../../fakes/steam/sales-gen";
import { untilDone } from "../../support/jobs";
import { callerFor, makeOrg, makeProject, makeUser, testApp } from "../../support/server";

// Breakdowns over the generated calendar of the fake (six countries, platforms, two packages, a
// bundle and three combined discounts), synced through the real job and Steam client.

const NOW = Date.parse("2026-11-20T20:00:00Z");
const A = 2456740;

const msw = startSteamMsw({ now: () => NOW, salesDays: 120 });
afterAll(() => msw.stop());
beforeEach(() => msw.reset({ now: () => NOW, salesDays: 120 }));

async function world() {
  const deps = steamTestDeps({}, { now: () => NOW });
  const org = await makeOrg(deps);
  const viewer = await makeUser(deps, { role: "viewer", orgId: org.id });
  const developer = await makeUser(deps, { role: "developer", orgId: org.id });
  const outsider = await makeUser(deps, { role: "manager", orgId: (await makeOrg(deps)).id });
  const project = await makeProject(deps, { orgId: org.id, name: "Starfall" });
  const bare = await makeProject(deps, { orgId: org.id, name: "No game yet" });
  await deps.db
    .update(projects)
    .set({ steamAppId: A, steamAnalyticsEnabled: true, financialAnalyticsEnabled: true })
    .where(eq(projects.id, project.id));
  await deps.db.update(projects).set({ financialAnalyticsEnabled: true }).where(eq(projects.id, bare.id));
  const dev = await callerFor(deps, developer.email);
  return { deps, project, bare, dev, users: { viewer, developer, outsider } };
}
type World = Awaited<ReturnType<typeof world>>;

const sync = (w: World, days = 90) =>
  untilDone(w.dev).analytics.syncFinancial({ projectId: w.project.id, days });

describe("companion tables", () => {
  test("packages, the bundle, countries and discounts are stored with each line's discount", async () => {
    const w = await world();
    await sync(w);
    const db = w.deps.db;
    expect(await db.select().from(steamSalesBundles)).toEqual([{ bundleId: BUNDLE.id, name: BUNDLE.name }]);
    expect(
      (await db.select().from(steamSalesCountries).where(eq(steamSalesCountries.countryCode, "DE")))[0],
    ).toEqual({
      countryCode: "DE",
      name: "Germany",
      region: "Western Europe",
    });
    expect((await db.select().from(steamSalesPackages)).length).toBeGreaterThanOrEqual(6);
    const discounts = await db.select().from(steamSalesDiscounts);
    expect(discounts.map((d) => d.name).sort()).toEqual(DISCOUNTS.map((d) => d.name).sort());
    expect(discounts.find((d) => d.combinedDiscountId === DISCOUNTS[0].id)?.totalDiscountPercentage).toBe(40);
    const onSale = (await db.select().from(steamSales)).filter((l) => l.combinedDiscountId !== null);
    expect(onSale.length).toBeGreaterThan(0);
    for (const l of onSale) {
      const percent: number | undefined = DISCOUNTS.find((d) => d.id === l.combinedDiscountId)?.percent;
      expect(percent).toBe(l.totalDiscountPercentage ?? -1);
    }
  });

  test("a re-sync replaces dates and upserts names: nothing is counted twice", async () => {
    const w = await world();
    await sync(w, 30);
    const before = await w.dev.analyticsSales.breakdown({ projectId: w.project.id, days: 30, by: "country" });
    const counts = async () => ({
      lines: (await w.deps.db.select().from(steamSales)).length,
      discounts: (await w.deps.db.select().from(steamSalesDiscounts)).length,
      countries: (await w.deps.db.select().from(steamSalesCountries)).length,
    });
    const first = counts();
    for (const d of msw.fake.salesDates().slice(-30)) msw.fake.restate(d);
    await sync(w, 30);
    expect(counts()).toEqual(first);
    expect(
      await w.dev.analyticsSales.breakdown({ projectId: w.project.id, days: 30, by: "country" }),
    ).toEqual(before);
  });
});

describe("breakdowns", () => {
  test("every breakdown sums to the overview's totals for the same period", async () => {
    const w = await world();
    await sync(w);
    for (const days of [7, 30, 90]) {
      const overview = await w.dev.analytics.overview({ projectId: w.project.id, days });
      const m = overview.financial!.detailedMetrics;
      expect(m.netSales).toBeGreaterThan(0);
      for (const by of BREAKDOWN_BY) {
        const b = await w.dev.analyticsSales.breakdown({ projectId: w.project.id, days, by });
        const sum = (
          k:
            | "grossCents"
            | "returnsCents"
            | "taxCents"
            | "netCents"
            | "grossUnits"
            | "returnedUnits"
            | "netUnits",
        ) => b.rows.reduce((s, r) => s + r[k], 0);
        expect([sum("grossCents"), sum("returnsCents"), sum("netCents")]).toEqual([
          m.grossSales,
          m.grossReturns,
          m.netSales,
        ]);
        // Steam's own tax figure, rounded per line: the shown tax is within a cent per 100 lines of it.
        expect(Math.abs(sum("taxCents") - m.netTax)).toBeLessThanOrEqual(Math.max(2, m.netTax / 10_000));
        // What the table shows adds up: gross − returns − tax = net, per row and in total.
        for (const r of [...b.rows, b.totals]) {
          expect(r.grossCents - r.returnsCents - r.taxCents).toBe(r.netCents);
        }
        expect(b.totals.taxCents).toBeGreaterThan(0);
        expect([sum("grossUnits"), sum("returnedUnits"), sum("netUnits")]).toEqual([
          m.grossUnitsSold,
          m.grossUnitsReturned,
          m.netUnitsSold,
        ]);
        expect(b.totals.refundRate).toBe(m.returnRate);
      }
    }
  });

  test("groups carry the companion names", async () => {
    const w = await world();
    await sync(w);
    const input = { projectId: w.project.id, days: 90 };
    const pkg = await w.dev.analyticsSales.breakdown({ ...input, by: "package" });
    expect(pkg.rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(["Starfall Outpost (Standard)", "Starfall Outpost Soundtrack", BUNDLE.name]),
    );
    const disc = await w.dev.analyticsSales.breakdown({ ...input, by: "discount" });
    expect(disc.rows.find((r) => r.key === "none")?.name).toBe("Full price");
    expect(disc.rows.filter((r) => r.key !== "none").length).toBeGreaterThanOrEqual(2);
    expect(disc.rows.find((r) => r.key === String(DISCOUNTS[0].id))?.detail).toBe("40% off");
    const country = await w.dev.analyticsSales.breakdown({ ...input, by: "country" });
    expect(country.rows.find((r) => r.key === "JP")).toMatchObject({ name: "Japan", detail: "Asia" });
    const platform = await w.dev.analyticsSales.breakdown({ ...input, by: "platform" });
    expect(platform.rows.map((r) => r.key).sort()).toEqual(["Linux", "Mac", "Windows"]);
  });
});

describe("REST input, roles and tenancy", () => {
  test("bad input answers 4xx JSON; viewers read; other organisations get 404", async () => {
    const w = await world();
    await sync(w, 7);
    const t = testApp(w.deps);
    const cookie = await t.signIn(w.users.viewer.email);
    const base = `/api/analytics/sales-breakdown/${w.project.id}`;
    const ok = await t.call(`${base}?days=7&by=platform`, { cookie });
    expect(ok.status).toBe(200);
    expect((await ok.json()).by).toBe("platform");
    const bad = [
      `${base}?by=region`,
      `${base}?days=0`,
      `${base}?days=400`,
      `${base}?days=abc`,
      `${base}?by=country&colour=red`,
      `/api/analytics/sales-breakdown/${w.bare.id}?by=country`,
      `/api/analytics/sale-events/${w.bare.id}`,
      `/api/analytics/refunds/${w.project.id}?days=-1`,
      "/api/analytics/sales-breakdown/abc",
    ];
    for (const path of bad) {
      const res = await t.call(path, { cookie });
      expect([path, res.status]).toEqual([path, 400]);
      expect(typeof (await res.json()).error).toBe("string");
    }
    const outsider = await t.signIn(w.users.outsider.email);
    for (const path of [
      base,
      `/api/analytics/sale-events/${w.project.id}`,
      `/api/analytics/refunds/${w.project.id}`,
    ]) {
      const res = await t.call(path, { cookie: outsider });
      expect(res.status).toBe(404);
      expect(typeof (await res.json()).error).toBe("string");
      expect((await t.call(path)).status).toBe(401);
      expect((await t.call(path, { cookie })).status).toBe(200);
    }
  });
});
