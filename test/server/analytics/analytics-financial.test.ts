import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { projects, steamPartnerState, steamSales } from "@server/platform/db/schema";
import { eq } from "drizzle-orm";
import { type RawSalesRow, salesRow } from "../../fakes/steam/data";
import { steamTestDeps } from "../../fakes/steam/deps";
import { startSteamMsw } from "../../fakes/steam/msw";
import { JobFailed, untilDone } from "../../support/jobs";
import { callerFor, makeOrg, makeProject, makeUser } from "../../support/server";

// Partner financials end to end through the tRPC procedures, against the msw-backed fake.

const NOW = Date.parse("2026-11-20T20:00:00Z"); // 12:00 in Pacific time: today is 2026-11-20 for Steam
const A = 2456740;
const B = 1987650;

// Known sales: expectations below are worked out by hand from these.
function knownSales(): Record<string, RawSalesRow[]> {
  return {
    "2026-11-18": [
      salesRow({
        id: 1,
        date: "2026-11-18",
        appId: A,
        packageId: 1,
        units: 10,
        returned: 1,
        price: "19.9900",
      }),
      salesRow({
        id: 2,
        date: "2026-11-18",
        appId: B,
        packageId: 2,
        units: 4,
        returned: 0,
        price: "14.9900",
      }),
    ],
    "2026-11-19": [
      salesRow({
        id: 3,
        date: "2026-11-19",
        appId: A,
        packageId: 1,
        units: 5,
        returned: 0,
        price: "19.9900",
        country: "DE",
        taxPercent: 19,
      }),
      salesRow({ id: 4, date: "2026-11-19", appId: A, packageId: 1, units: 2, returned: 0, price: "9.9950" }),
    ],
    "2026-11-20": [
      salesRow({
        id: 5,
        date: "2026-11-20",
        appId: A,
        packageId: 1,
        units: 3,
        returned: 1,
        price: "19.9900",
      }),
    ],
  };
}

const msw = startSteamMsw({ now: () => NOW, sales: knownSales() });
afterAll(() => msw.stop());
beforeEach(() => msw.reset({ now: () => NOW, sales: knownSales() }));

async function world(env: Record<string, string> = {}) {
  const deps = steamTestDeps(env, { now: () => NOW });
  const org = await makeOrg(deps);
  const admin = await makeUser(deps, { role: "admin", orgId: org.id });
  const manager = await makeUser(deps, { role: "manager", orgId: org.id });
  const developer = await makeUser(deps, { role: "developer", orgId: org.id });
  const viewer = await makeUser(deps, { role: "viewer", orgId: org.id });
  const project = await makeProject(deps, { orgId: org.id, name: "Starfall" });
  await deps.db
    .update(projects)
    .set({ steamAppId: A, steamAnalyticsEnabled: true, financialAnalyticsEnabled: true })
    .where(eq(projects.id, project.id));
  const other = await makeOrg(deps);
  const outsider = await makeUser(deps, { role: "manager", orgId: other.id });
  // Signing in costs a password check: only the roles a test uses are signed in.
  const emails = {
    admin: admin.email,
    manager: manager.email,
    developer: developer.email,
    viewer: viewer.email,
    outsider: outsider.email,
  };
  const callers = new Map<string, ReturnType<typeof callerFor>>();
  const as = (role: keyof typeof emails) => {
    if (!callers.has(role)) callers.set(role, callerFor(deps, emails[role]));
    return callers.get(role)!;
  };
  return { deps, org, project, as };
}

/** Dates GetDetailedSales was asked for, each once, in order (a date takes several pages). */
const salesDates = () => [
  ...new Set(msw.fake.calls("GetDetailedSales").map((u) => u.searchParams.get("date"))),
];
const stored = async (deps: Awaited<ReturnType<typeof world>>["deps"], appId = A) =>
  await deps.db.select().from(steamSales).where(eq(steamSales.primaryAppId, appId));

describe("sync and idempotency", () => {
  test("first sync reads changed dates from mark 0, fetches them, stores integer cents per line item", async () => {
    const w = await world();
    const res = await untilDone(await w.as("developer")).analytics.syncFinancial({
      projectId: w.project.id,
      days: 7,
    });
    expect(res).toEqual({
      success: true,
      message: "Fetched 4 records from Steam Partner APIs",
      recordsFound: 4,
      datesProcessed: 3,
      // The fake's 60 days of wishlists come along with the sales.
      wishlists: { datesFetched: 60 },
    });
    expect(msw.fake.calls("GetChangedDatesForPartner")[0]!.searchParams.get("highwatermark")).toBe("0");
    expect(salesDates().sort()).toEqual(["2026-11-18", "2026-11-19", "2026-11-20"]);
    // Rows of the other app are kept too (attributed by primary_appid), not counted for this project.
    expect(await stored(w.deps, B)).toHaveLength(1);

    const o = await (await w.as("viewer")).analytics.overview({ projectId: w.project.id, days: 7 });
    // Gross: 10×19.99 + 5×19.99 + 2×9.995 + 3×19.99 = 199.90 + 99.95 + 19.99 + 59.97 = 379.81
    // Returns: 19.99 + 19.99 = 39.98. Tax: 19 % of 99.95 = 18.9905 → 18.99 (row net 80.9595 → 80.96).
    expect(o.financial!.detailedMetrics).toEqual({
      grossSales: 37981,
      grossReturns: 3998,
      netSales: 17991 + 8096 + 1999 + 3998,
      grossUnitsSold: 20,
      grossUnitsReturned: 2,
      netUnitsSold: 18,
      netTax: 1899,
      returnRate: 10,
      averageSalePrice: Math.round(37981 / 20),
      returnsImpact: 10.5,
    });
    expect(o.financial!.currentMetrics).toEqual({
      dailyRevenue: 3998,
      totalRevenue: 32084,
      dailyUnits: 2,
      totalUnits: 18,
      arpu: Math.round(32084 / 18),
      conversionRate: null,
    });
    expect(o.financial!.latestDate).toBe("2026-11-20");
    expect(o.financial!.trends.revenueData.slice(-3)).toEqual([
      { date: "2026-11-18", revenue: 17991, units: 9 },
      { date: "2026-11-19", revenue: 10095, units: 7 },
      { date: "2026-11-20", revenue: 3998, units: 2 },
    ]);
    expect(o.financial!.dataSummary).toMatchObject({ daysWithData: 3, periodDays: 7, coveragePercent: 42.9 });
    expect(o.project.lastSync).toBe(new Date(NOW).toISOString());
  });

  test("a second sync sends the kept mark, refetches only today and yesterday, and never double-counts", async () => {
    const w = await world();
    await untilDone(await w.as("developer")).analytics.syncFinancial({ projectId: w.project.id, days: 7 });
    const before = await (await w.as("viewer")).analytics.overview({ projectId: w.project.id, days: 7 });
    const mark = (await w.deps.db.select().from(steamPartnerState))[0]!.highwatermark;
    expect(Number(mark)).toBeGreaterThan(0);
    msw.fake.requests.length = 0;

    await untilDone(await w.as("developer")).analytics.syncFinancial({ projectId: w.project.id, days: 7 });
    expect(msw.fake.calls("GetChangedDatesForPartner")[0]!.searchParams.get("highwatermark")).toBe(mark);
    expect(salesDates().sort()).toEqual(["2026-11-19", "2026-11-20"]);
    expect(await stored(w.deps)).toHaveLength(4);
    const after = await (await w.as("viewer")).analytics.overview({ projectId: w.project.id, days: 7 });
    expect(after.financial).toEqual(before.financial);
  });

  test("a restated date comes back through GetChangedDatesForPartner and its rows are replaced, not added", async () => {
    const w = await world();
    await untilDone(await w.as("developer")).analytics.syncFinancial({ projectId: w.project.id, days: 7 });
    msw.fake.restate("2026-11-18", [
      salesRow({
        id: 9,
        date: "2026-11-18",
        appId: A,
        packageId: 1,
        units: 12,
        returned: 3,
        price: "19.9900",
      }),
    ]);
    msw.fake.requests.length = 0;
    const res = await untilDone(await w.as("developer")).analytics.syncFinancial({
      projectId: w.project.id,
      days: 7,
    });
    expect(salesDates().sort()).toEqual(["2026-11-18", "2026-11-19", "2026-11-20"]);
    expect(res.recordsFound).toBe(4);
    const rows = (await stored(w.deps)).filter((r) => r.date === "2026-11-18");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      grossUnitsSold: 12,
      grossUnitsReturned: -3,
      grossSalesCents: 23988,
      grossReturnsCents: -5997,
    });
    expect(await stored(w.deps, B)).toHaveLength(0); // B's row on that date went with the restatement
  });

  test("a date that keeps failing is reported, the others are stored, and it stays pending for next time", async () => {
    const w = await world();
    msw.fake.fault({ path: "GetDetailedSales", status: 503, times: 4 });
    const res = await untilDone(await w.as("developer")).analytics.syncFinancial({
      projectId: w.project.id,
      days: 7,
    });
    expect(res.success).toBe(false);
    expect(res.error).toMatch(/1 of 3 dates failed: .*HTTP 503/);
    expect(res.recordsFound).toBe(3);
    msw.fake.requests.length = 0;
    await untilDone(await w.as("developer")).analytics.syncFinancial({ projectId: w.project.id, days: 7 });
    expect(salesDates().sort()).toEqual(["2026-11-18", "2026-11-19", "2026-11-20"]);
    expect(await stored(w.deps)).toHaveLength(4);
  });

  test("large dates are paged until max_id stops moving", async () => {
    const many = Array.from({ length: 23 }, (_, i) =>
      salesRow({
        id: 100 + i,
        date: "2026-11-20",
        appId: A,
        packageId: 1,
        units: 1,
        returned: 0,
        price: "1.0000",
      }),
    );
    msw.reset({ now: () => NOW, sales: { "2026-11-20": many }, pageSize: 5 });
    const w = await world();
    const res = await untilDone(await w.as("developer")).analytics.syncFinancialRecent({
      projectId: w.project.id,
    });
    expect(res).toMatchObject({
      success: true,
      recordsFound: 23,
      message: "Fetched 23 recent records (today + yesterday)",
    });
    // 5 full pages, then one page that returns nothing and the same max_id.
    const today = msw.fake
      .calls("GetDetailedSales")
      .filter((u) => u.searchParams.get("date") === "2026-11-20");
    expect(today.map((u) => u.searchParams.get("highwatermark_id"))).toEqual([
      "0",
      "104",
      "109",
      "114",
      "119",
      "122",
    ]);
  });

  test("fetch-all-history covers a year", async () => {
    const w = await world();
    const res = await untilDone(await w.as("manager")).analytics.syncFinancialHistory({
      projectId: w.project.id,
    });
    expect(res).toMatchObject({
      success: true,
      recordsFound: 4,
      message: "Fetched 4 records from Steam Partner APIs",
    });
  });
});

describe("partner access errors", () => {
  /** Refused before a job starts (a TRPCError) or by Steam while it runs (a JobFailed): same fields. */
  const expectPartnerAccess = async (p: Promise<unknown>, message: RegExp) => {
    const err = (await p.then(
      () => null,
      (e) => e,
    )) as { message: string; status?: number; code?: string; cause?: { details: Record<string, unknown> } };
    const details = (err instanceof JobFailed ? err.details : err.cause?.details) ?? {};
    expect(err instanceof JobFailed ? err.status : err.code).toBe(
      err instanceof JobFailed ? 400 : "BAD_REQUEST",
    );
    expect(err.message).toMatch(message);
    expect(details.requiresPartnerAccess).toBe(true);
    expect((details.suggestions as string[]).length).toBeGreaterThan(0);
  };

  test("no partner key: 400 with requiresPartnerAccess and suggestions, Steam not called", async () => {
    const w = await world({ STEAM_PARTNER_API_KEY: "" });
    await expectPartnerAccess(
      untilDone(await w.as("developer")).analytics.syncFinancial({ projectId: w.project.id, days: 7 }),
      /STEAM_PARTNER_API_KEY/,
    );
    expect(msw.fake.requests).toHaveLength(0);
  });

  test("a rejected key (HTML 403)", async () => {
    const w = await world({ STEAM_PARTNER_API_KEY: "not-the-key" });
    await expectPartnerAccess(
      untilDone(await w.as("developer")).analytics.syncFinancialRecent({ projectId: w.project.id }),
      /HTTP 403/,
    );
  });

  test("a key without the financial permission (empty response)", async () => {
    msw.reset({ now: () => NOW, sales: knownSales(), noPermissionKeys: ["publisher-key"] });
    const w = await world({ STEAM_PARTNER_API_KEY: "publisher-key" });
    await expectPartnerAccess(
      untilDone(await w.as("admin")).analytics.syncAllApps({ dateRange: "recent" }),
      /no access to financial data/,
    );
  });
});

describe("fetch-all-apps (admin presets)", () => {
  test.each([
    ["recent", 1, "Updated 2/2 apps successfully"],
    ["monthly", 5, "Updated 2/2 apps successfully"],
    ["yearly", 52, "Processed 2/2 apps with weekly chunks"],
  ] as const)("%s: %d weekly chunks per app", async (dateRange, weeks, message) => {
    const w = await world();
    const second = await makeProject(w.deps, { orgId: w.org.id, name: "Lantern" });
    await w.deps.db
      .update(projects)
      .set({ steamAppId: B, steamAnalyticsEnabled: true, financialAnalyticsEnabled: true })
      .where(eq(projects.id, second.id));
    const res = await untilDone(await w.as("admin")).analytics.syncAllApps({ dateRange });
    const inWindow = dateRange === "recent" ? { [A]: 3, [B]: 0 } : { [A]: 4, [B]: 1 };
    expect(res).toEqual({
      success: true,
      appsProcessed: 2,
      totalApps: 2,
      message,
      results: [
        { appId: B, weeksProcessed: weeks, successfulWeeks: weeks, recordsFound: inWindow[B] },
        { appId: A, weeksProcessed: weeks, successfulWeeks: weeks, recordsFound: inWindow[A] },
      ],
    });
  });

  test("no financial apps: nothing to do", async () => {
    const deps = steamTestDeps({}, { now: () => NOW });
    const org = await makeOrg(deps);
    const admin = await makeUser(deps, { role: "admin", orgId: org.id });
    const res = await untilDone(await callerFor(deps, admin.email)).analytics.syncAllApps({
      dateRange: "monthly",
    });
    expect(res).toMatchObject({ success: true, appsProcessed: 0, totalApps: 0, results: [] });
    expect(msw.fake.requests).toHaveLength(0);
  });

  test("only admins: a manager is refused", async () => {
    const w = await world();
    await expect(
      untilDone(await w.as("manager")).analytics.syncAllApps({ dateRange: "recent" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(msw.fake.requests).toHaveLength(0);
  });
});

describe("roles and tenancy on the financial mutations", () => {
  test("a viewer may not sync", async () => {
    const w = await world();
    for (const call of [
      async () =>
        untilDone(await w.as("viewer")).analytics.syncFinancial({ projectId: w.project.id, days: 7 }),
      async () => untilDone(await w.as("viewer")).analytics.syncFinancialRecent({ projectId: w.project.id }),
      async () => untilDone(await w.as("viewer")).analytics.syncFinancialHistory({ projectId: w.project.id }),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect(msw.fake.requests).toHaveLength(0);
  });

  test("another organization's project answers 404", async () => {
    const w = await world();
    await expect(
      untilDone(await w.as("outsider")).analytics.syncFinancial({ projectId: w.project.id, days: 7 }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(msw.fake.requests).toHaveLength(0);
  });

  test("a project without financial analytics is refused with a reason", async () => {
    const w = await world();
    await w.deps.db
      .update(projects)
      .set({ financialAnalyticsEnabled: false })
      .where(eq(projects.id, w.project.id));
    await expect(
      untilDone(await w.as("developer")).analytics.syncFinancialRecent({ projectId: w.project.id }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Financial analytics is not enabled for this project",
    });
  });
});

describe("test-financial-api", () => {
  test("all named checks pass for an app with sales", async () => {
    const w = await world();
    const res = await (await w.as("manager")).analytics.testFinancialApi({ appId: A });
    expect(res.success).toBe(true);
    expect(res.testResults.map((r) => [r.test, r.success])).toEqual([
      ["Partner API Key", true],
      ["API Connection", true],
      ["Detailed Sales", true],
      ["App Data", true],
    ]);
    expect(res.testResults[1]).toMatchObject({ resultsCount: 3, data: { latestDate: "2026-11-20" } });
    expect(res.testResults[3]).toMatchObject({
      resultsCount: 1,
      data: { date: "2026-11-20", detectedPartnerIds: [48213] },
    });
    // The test only reads: the kept high-water mark is untouched.
    expect((await w.deps.db.select().from(steamPartnerState))[0]).toBeUndefined();
  });

  test("an app missing from the data fails App Data (looking back over the newest dates)", async () => {
    const w = await world();
    const res = await (await w.as("admin")).analytics.testFinancialApi({ appId: 2210330 });
    expect(res.success).toBe(false);
    expect(res.testResults.at(-1)).toMatchObject({ test: "App Data", success: false, resultsCount: 0 });
    expect(salesDates()).toEqual(["2026-11-20", "2026-11-19", "2026-11-18"]);
  });

  test("a wrong partner id is called out", async () => {
    const w = await world();
    const res = await (await w.as("admin")).analytics.testFinancialApi({ appId: A, partnerId: 1 });
    expect(res.testResults.at(-1)!.message).toBe("Partner ID 1 does not match the key's partner (48213)");
  });

  test("missing key: the first check fails and says how to fix it", async () => {
    const w = await world({ STEAM_PARTNER_API_KEY: "" });
    const res = await (await w.as("admin")).analytics.testFinancialApi({ appId: A });
    expect(res).toMatchObject({ success: false, testResults: [{ test: "Partner API Key", success: false }] });
  });

  test("a rejected key fails API Connection with the HTTP status for the troubleshooting hint", async () => {
    const w = await world({ STEAM_PARTNER_API_KEY: "nope" });
    const res = await (await w.as("admin")).analytics.testFinancialApi({ appId: A });
    expect(res.testResults[1]).toMatchObject({
      test: "API Connection",
      success: false,
      error: "Steam rejected the Partner API key (HTTP 403)",
    });
    expect(JSON.stringify(res)).not.toContain("nope");
  });

  test("developers and viewers may not run it; a manager may not probe another organization's app", async () => {
    const w = await world();
    await expect((await w.as("developer")).analytics.testFinancialApi({ appId: A })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect((await w.as("viewer")).analytics.testFinancialApi({ appId: A })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect((await w.as("outsider")).analytics.testFinancialApi({ appId: A })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(msw.fake.requests).toHaveLength(0);
  });
});
