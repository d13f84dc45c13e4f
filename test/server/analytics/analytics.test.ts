import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { refreshAchievements, refreshNews } from "@server/features/analytics/analytics-steam";
import { recordSample } from "@server/features/analytics/players/sampler";
import {
  projects,
  steamAppCache,
  steamNews,
  steamPlayerSamples,
  steamReviewDays,
} from "@server/platform/db/schema";
import { STEAM_PLAIN } from "@shared/messages/steam";
import { eq } from "drizzle-orm";
import { playersAt } from "../../fakes/steam/data";
import { steamTestDeps } from "../../fakes/steam/deps";
import { startSteamMsw } from "../../fakes/steam/msw";
import { untilDone } from "../../support/jobs";
import { callerFor, makeOrg, makeProject, makeUser, testApp } from "../../support/server";

// Overview numbers from known samples, news cache, Steam sync, settings and search, through tRPC
// and the REST adapters, including the refused side of every mutation.

let clock = Date.parse("2026-11-20T12:00:00Z");
const msw = startSteamMsw({ now: () => clock });
afterAll(() => msw.stop());
beforeEach(() => {
  clock = Date.parse("2026-11-20T12:00:00Z");
  msw.reset({ now: () => clock });
});

const A = 2456740;

async function world(env: Record<string, string> = {}) {
  const deps = steamTestDeps(env, { now: () => clock });
  const org = await makeOrg(deps);
  const users = {
    admin: await makeUser(deps, { role: "admin", orgId: org.id }),
    manager: await makeUser(deps, { role: "manager", orgId: org.id }),
    developer: await makeUser(deps, { role: "developer", orgId: org.id }),
    viewer: await makeUser(deps, { role: "viewer", orgId: org.id }),
    outsider: await makeUser(deps, { role: "manager", orgId: (await makeOrg(deps)).id }),
  };
  const project = await makeProject(deps, { orgId: org.id, name: "Starfall" });
  const configure = async (values: Partial<typeof projects.$inferInsert>) =>
    await deps.db.update(projects).set(values).where(eq(projects.id, project.id));
  await configure({ steamAppId: A, steamAnalyticsEnabled: true });
  const callers = new Map<string, ReturnType<typeof callerFor>>();
  const as = (role: keyof typeof users) => {
    if (!callers.has(role)) callers.set(role, callerFor(deps, users[role].email));
    return callers.get(role)!;
  };
  return { deps, org, project, users, as, configure };
}

const at = (iso: string) => Date.parse(iso);

describe("overview", () => {
  test("player figures come from the stored samples", async () => {
    const w = await world();
    const samples: [string, number][] = [
      ["2026-11-15T10:00:00Z", 100],
      ["2026-11-15T20:00:00Z", 140],
      ["2026-11-16T10:00:00Z", 120],
      ["2026-11-16T20:00:00Z", 150],
      ["2026-11-17T20:00:00Z", 110],
      ["2026-11-18T10:00:00Z", 200],
      ["2026-11-18T20:00:00Z", 180],
      ["2026-11-19T08:00:00Z", 210],
      ["2026-11-19T22:00:00Z", 260],
      ["2026-11-20T06:00:00Z", 190],
      ["2026-11-20T11:00:00Z", 230],
      ["2026-11-01T11:00:00Z", 999], // outside a 7-day period
    ];
    for (const [time, n] of samples) await recordSample(w.deps, A, n, at(time));
    await refreshAchievements(w.deps, A);
    await refreshNews(w.deps, A);

    const o = await (await w.as("viewer")).analytics.overview({ projectId: w.project.id, days: 7 });
    expect(o.steamEnabled).toBe(true);
    expect(o.financialEnabled).toBe(false);
    expect(o.financial).toBeNull();
    expect(o.hasData).toBe(true);
    expect(o.timeRange).toEqual({ days: 7, startDate: "2026-11-14", endDate: "2026-11-20" });
    expect(o.project).toMatchObject({ id: w.project.id, steamAppId: A, lastSync: null });
    expect(o.summary).toEqual({
      currentPlayers: 230,
      peakPlayers: 260,
      totalAchievements: 10,
      // news items are 1, 5, 9… days old: two fall in the last 7 days
      recentNews: 2,
      // daily peaks 140, 150, 110, 200, 260, 230 → 1090 / 6
      avgDailyPeak: 182,
      // newer half (200, 260, 230) over older half (140, 150, 110): 230 / 133.33 - 1
      growthTrend: 72.5,
      avgUnlockRate: 30.7,
      lastSampleAt: "2026-11-20T11:00:00.000Z",
    });
    // The chart always spans 30 days: the Nov 1 sample is drawn there, but no period figure counts it.
    expect(o.playerMetrics).toHaveLength(30);
    expect(o.playerMetrics[0]!.date).toBe("2026-10-22");
    expect(o.playerMetrics.find((m) => m.date === "2026-11-01")!.dailyPeak).toBe(999);
    const period = o.playerMetrics.slice(-7);
    expect(period.map((m) => m.date)).toEqual([
      "2026-11-14",
      "2026-11-15",
      "2026-11-16",
      "2026-11-17",
      "2026-11-18",
      "2026-11-19",
      "2026-11-20",
    ]);
    expect(period[0]).toEqual({
      date: "2026-11-14",
      dailyPeak: 0,
      peak24h: 0,
      current: 0,
      samples: 0,
    });
    expect(period[5]).toEqual({
      date: "2026-11-19",
      dailyPeak: 260,
      peak24h: 260,
      current: 260,
      samples: 2,
    });
    // Today: the 24 h window reaches back into last night's 260.
    expect(period[6]).toEqual({
      date: "2026-11-20",
      dailyPeak: 230,
      peak24h: 260,
      current: 230,
      samples: 2,
    });
  });

  test("no samples: zeros, stable trend, no data", async () => {
    const w = await world();
    const o = await (await w.as("viewer")).analytics.overview({ projectId: w.project.id, days: 30 });
    expect(o.hasData).toBe(false);
    expect(o.playerMetrics).toHaveLength(30);
    expect(o.summary).toMatchObject({
      currentPlayers: 0,
      peakPlayers: 0,
      avgDailyPeak: 0,
      growthTrend: "stable",
    });
  });

  test("REST answers the same shape; bad days is a 400", async () => {
    const w = await world();
    await recordSample(w.deps, A, 42, clock - 1000);
    const t = testApp(w.deps);
    const cookie = await t.signIn(w.users.developer.email);
    const res = await t.call(`/api/analytics/project-overview/${w.project.id}?days=14`, { cookie });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.summary.currentPlayers).toBe(42);
    expect(body.timeRange.days).toBe(14);
    expect(body.playerMetrics).toHaveLength(30);
    for (const days of ["0", "366", "abc"]) {
      const bad = await t.call(`/api/analytics/project-overview/${w.project.id}?days=${days}`, { cookie });
      expect(bad.status).toBe(400);
      expect(typeof (await bad.json()).error).toBe("string");
    }
    const outsider = await t.signIn(w.users.outsider.email);
    expect(
      (await t.call(`/api/analytics/project-overview/${w.project.id}`, { cookie: outsider })).status,
    ).toBe(404);
    expect((await t.call(`/api/analytics/project-overview/${w.project.id}`)).status).toBe(401);
  });
});

describe("news", () => {
  test("fetched once, then served from the cache until refreshed or an hour old", async () => {
    const w = await world();
    const viewer = await w.as("viewer");
    const first = await viewer.analytics.news({ projectId: w.project.id, limit: 10, refresh: false });
    expect(first.summary.totalArticles).toBe(10);
    expect(first.newsItems[0]).toMatchObject({
      title: "Starfall Outpost: Patch notes",
      views: null,
      comments: null,
      likes: null,
    });
    expect(first.newsItems[0]!.excerpt).toBe(
      "Starfall Outpost: Patch notes. Fixed a crash when loading saves Improved performance on the Steam Deck Thanks for playing!",
    );
    expect(Date.parse(first.newsItems[0]!.published_date)).toBeGreaterThan(
      Date.parse(first.newsItems[1]!.published_date),
    );
    await viewer.analytics.news({ projectId: w.project.id, limit: 3, refresh: false });
    expect(msw.fake.calls("GetNewsForApp")).toHaveLength(1);
    await viewer.analytics.news({ projectId: w.project.id, limit: 10, refresh: true });
    expect(msw.fake.calls("GetNewsForApp")).toHaveLength(2);
    clock += 61 * 60_000;
    await viewer.analytics.news({ projectId: w.project.id, limit: 10, refresh: false });
    expect(msw.fake.calls("GetNewsForApp")).toHaveLength(3);
  });

  test("Steam failing: a stale cache is still served; with no cache it is a clear 502", async () => {
    const w = await world();
    const viewer = await w.as("viewer");
    msw.fake.fault({ path: "GetNewsForApp", status: 500, times: 4 });
    await expect(
      viewer.analytics.news({ projectId: w.project.id, limit: 10, refresh: false }),
    ).rejects.toMatchObject({
      code: "BAD_GATEWAY",
      message: STEAM_PLAIN.unreachable,
    });
    await viewer.analytics.news({ projectId: w.project.id, limit: 10, refresh: false });
    clock += 2 * 60 * 60_000;
    msw.fake.fault({ path: "GetNewsForApp", status: 503, times: 4 });
    const stale = await viewer.analytics.news({ projectId: w.project.id, limit: 10, refresh: false });
    expect(stale.newsItems).toHaveLength(10);
  });

  test("a project without an app id has no news and Steam is not asked", async () => {
    const w = await world();
    await w.configure({ steamAppId: null, steamAnalyticsEnabled: false });
    const res = await (await w.as("viewer")).analytics.news({
      projectId: w.project.id,
      limit: 10,
      refresh: false,
    });
    expect(res).toEqual({ summary: { totalArticles: 0, fetchedAt: null }, newsItems: [] });
    expect(msw.fake.requests).toHaveLength(0);
  });

  test("REST limit; another organization gets 404", async () => {
    const w = await world();
    const t = testApp(w.deps);
    const res = await t.call(`/api/analytics/news/${w.project.id}?limit=3`, {
      cookie: await t.signIn(w.users.viewer.email),
    });
    expect((await res.json()).newsItems).toHaveLength(3);
    const outsider = await t.signIn(w.users.outsider.email);
    expect((await t.call(`/api/analytics/news/${w.project.id}?limit=10`, { cookie: outsider })).status).toBe(
      404,
    );
    expect(msw.fake.calls("GetNewsForApp")).toHaveLength(1);
  });
});

describe("steam sync-historical", () => {
  test("takes a sample now, refreshes achievements, news and reviews, and says history accrues from sampling", async () => {
    const w = await world();
    const res = await untilDone(await w.as("developer")).analytics.syncSteam({
      projectId: w.project.id,
      days: 30,
    });
    expect(res).toEqual({
      success: true,
      message:
        "Historical sync started for 30 days. Steam has no player-count history: history accrues from sampling every few minutes from now on.",
      currentPlayers: playersAt(A, clock),
      achievements: 10,
      newsItems: 10,
      errors: [],
    });
    expect(await w.deps.db.select().from(steamPlayerSamples)).toEqual([
      { id: 1, appId: A, sampledAt: clock, playerCount: playersAt(A, clock) },
    ]);
    expect(await w.deps.db.select().from(steamNews)).toHaveLength(10);
    // Today's review summary is read too, so the Reviews card fills in without waiting a day.
    expect(await w.deps.db.select().from(steamReviewDays)).toHaveLength(1);
    expect(
      (await w.deps.db.select().from(projects).where(eq(projects.id, w.project.id)))[0]!.steamLastSync,
    ).toBe(clock);
  });

  test("an app without achievements syncs with zero achievements", async () => {
    const w = await world();
    await w.configure({ steamAppId: 2671090 });
    const res = await untilDone(await w.as("developer")).analytics.syncSteam({
      projectId: w.project.id,
      days: 7,
    });
    expect(res).toMatchObject({ success: true, achievements: 0, errors: [] });
    expect((await w.deps.db.select().from(steamAppCache))[0]).toMatchObject({ achievementCount: 0 });
  });

  test("one part failing is reported beside the parts that worked", async () => {
    const w = await world();
    msw.fake.fault({ path: "GetNewsForApp", status: 502, times: 4 });
    const res = await untilDone(await w.as("developer")).analytics.syncSteam({
      projectId: w.project.id,
      days: 7,
    });
    expect(res).toMatchObject({
      success: true,
      newsItems: null,
      errors: [STEAM_PLAIN.unreachable],
    });
  });

  test("an unknown app id is a 400 that names it", async () => {
    const w = await world();
    await w.configure({ steamAppId: 999 });
    await expect(
      untilDone(await w.as("developer")).analytics.syncSteam({ projectId: w.project.id, days: 7 }),
    ).rejects.toMatchObject({
      status: 400,
      message: "Steam does not know app 999",
    });
  });

  test("refused: viewer (403), other organization (404), analytics off (400); REST the same", async () => {
    const w = await world();
    await expect(
      untilDone(await w.as("viewer")).analytics.syncSteam({ projectId: w.project.id, days: 7 }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(
      untilDone(await w.as("outsider")).analytics.syncSteam({ projectId: w.project.id, days: 7 }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const t = testApp(w.deps);
    const viewer = await t.signIn(w.users.viewer.email);
    const refused = await t.call(`/api/analytics/steam/sync-historical/${w.project.id}`, {
      method: "POST",
      json: { days: 7 },
      cookie: viewer,
    });
    expect(refused.status).toBe(403);
    expect(msw.fake.requests).toHaveLength(0);
    await w.configure({ steamAnalyticsEnabled: false });
    const dev = await t.signIn(w.users.developer.email);
    const off = await t.call(`/api/analytics/steam/sync-historical/${w.project.id}`, {
      method: "POST",
      json: { days: 7 },
      cookie: dev,
    });
    expect(off.status).toBe(400);
    expect(await off.json()).toEqual({ error: "Steam analytics is not enabled for this project" });
  });
});

describe("settings", () => {
  test("a manager saves app id and flags; the answer is the spec's snake_case settings", async () => {
    const w = await world();
    const manager = await w.as("manager");
    const saved = await manager.analytics.updateSettings({
      projectId: w.project.id,
      steamAppId: 1987650,
      steamAnalyticsEnabled: true,
      financialAnalyticsEnabled: true,
      steamAppName: "Hollow Lantern",
    });
    expect(saved).toEqual({
      steam_app_id: 1987650,
      steam_analytics_enabled: true,
      financial_analytics_enabled: true,
    });
    expect(await manager.analytics.settings({ projectId: w.project.id })).toEqual({
      steam_app_id: 1987650,
      steam_analytics_enabled: true,
      financial_analytics_enabled: true,
      app_name: "Hollow Lantern",
      steam_last_sync: null,
      partnerKeyConfigured: true,
    });
  });

  test("financial needs Steam analytics on; Steam analytics needs an app id", async () => {
    const w = await world();
    const manager = await w.as("manager");
    await expect(
      manager.analytics.updateSettings({
        projectId: w.project.id,
        steamAppId: A,
        steamAnalyticsEnabled: false,
        financialAnalyticsEnabled: true,
      }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Financial analytics needs Steam analytics to be enabled",
    });
    await expect(
      manager.analytics.updateSettings({
        projectId: w.project.id,
        steamAppId: null,
        steamAnalyticsEnabled: true,
        financialAnalyticsEnabled: false,
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const cleared = await manager.analytics.updateSettings({
      projectId: w.project.id,
      steamAppId: null,
      steamAnalyticsEnabled: false,
      financialAnalyticsEnabled: false,
    });
    expect(cleared).toEqual({
      steam_app_id: null,
      steam_analytics_enabled: false,
      financial_analytics_enabled: false,
    });
  });

  test("REST PUT validates the body and refuses developers, viewers and other organizations", async () => {
    const w = await world();
    const t = testApp(w.deps);
    const url = `/api/analytics/settings/${w.project.id}`;
    const body = { steamAppId: 2210330, steamAnalyticsEnabled: true, financialAnalyticsEnabled: false };
    const manager = await t.signIn(w.users.manager.email);
    const ok = await t.call(url, { method: "PUT", json: body, cookie: manager });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      steam_app_id: 2210330,
      steam_analytics_enabled: true,
      financial_analytics_enabled: false,
    });
    for (const bad of [
      { ...body, steamAppId: -5 },
      { ...body, steamAppId: 1.5 },
      { ...body, steamAppId: "2210330" },
      { ...body, steamAnalyticsEnabled: "yes" },
      { steamAppId: 1 },
    ]) {
      const res = await t.call(url, { method: "PUT", json: bad, cookie: manager });
      expect(res.status).toBe(400);
      expect(typeof (await res.json()).error).toBe("string");
    }
    const malformed = await t.call(url, {
      method: "PUT",
      body: "{",
      headers: { "content-type": "application/json" },
      cookie: manager,
    });
    expect(malformed.status).toBe(400);
    for (const [who, status] of [
      ["developer", 403],
      ["viewer", 403],
      ["outsider", 404],
    ] as const) {
      const res = await t.call(url, {
        method: "PUT",
        json: { ...body, steamAppId: 1 },
        cookie: await t.signIn(w.users[who].email),
      });
      expect(res.status).toBe(status);
    }
    expect(
      (await w.deps.db.select().from(projects).where(eq(projects.id, w.project.id)))[0]!.steamAppId,
    ).toBe(2210330);
  });
});

describe("search", () => {
  test("REST search answers appId and name, at least 2 characters, signed in only", async () => {
    const w = await world();
    const t = testApp(w.deps);
    const cookie = await t.signIn(w.users.viewer.email);
    const res = await t.call("/api/analytics/steam/search?q=lantern&limit=10", { cookie });
    expect(res.status).toBe(200);
    expect((await res.json()).results).toEqual([
      {
        appId: 1987650,
        name: "Hollow Lantern",
        tinyImage:
          "https://shared.akamai.steamstatic.com/store_item_assets/steam/apps/1987650/capsule_231x87.jpg",
      },
    ]);
    const short = await t.call("/api/analytics/steam/search?q=l", { cookie });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ error: "Search needs at least 2 characters" });
    expect((await t.call("/api/analytics/steam/search?q=lantern")).status).toBe(401);
    expect(msw.fake.calls("storesearch")).toHaveLength(1);
  });

  test("Steam rate limiting surfaces as 429, an answer that is not JSON as 502", async () => {
    const w = await world();
    const viewer = await w.as("viewer");
    msw.fake.fault({ path: "storesearch", status: 429, times: 4 });
    await expect(viewer.analytics.search({ q: "starfall", limit: 10 })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
    msw.fake.fault({ path: "storesearch", status: 200, body: "<html>oops</html>" });
    await expect(viewer.analytics.search({ q: "starfall", limit: 10 })).rejects.toMatchObject({
      code: "BAD_GATEWAY",
      message: STEAM_PLAIN.unreadable,
    });
  });

  test("an unreachable Steam reads as a plain sentence, never the network error", async () => {
    const w = await world();
    const viewer = await w.as("viewer");
    msw.fake.fault({ path: "storesearch", status: 0, networkError: true, times: 4 });
    const err = await viewer.analytics.search({ q: "starfall", limit: 10 }).catch((e: Error) => e);
    expect(err).toMatchObject({ code: "BAD_GATEWAY", message: STEAM_PLAIN.unreachable });
    expect((err as Error).message).not.toMatch(/unreachable|fetch|ENOTFOUND|store search/i);
  });
});

describe("REST financial adapters", () => {
  test("a missing partner key answers 400 with requiresPartnerAccess and suggestions", async () => {
    const w = await world({ STEAM_PARTNER_API_KEY: "" });
    await w.configure({ financialAnalyticsEnabled: true });
    const t = testApp(w.deps);
    const cookie = await t.signIn(w.users.developer.email);
    for (const path of ["sync-historical", "fetch-recent", "fetch-all-history"]) {
      const res = await t.call(`/api/analytics/financial/${path}/${w.project.id}`, {
        method: "POST",
        json: { days: 30 },
        cookie,
      });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.requiresPartnerAccess).toBe(true);
      expect(body.suggestions.length).toBe(3);
      expect(body.error).toContain("STEAM_PARTNER_API_KEY");
    }
  });

  test("fetch-all-apps: admin only, dateRange validated", async () => {
    const w = await world();
    const t = testApp(w.deps);
    const dev = await t.signIn(w.users.developer.email);
    expect(
      (
        await t.call("/api/analytics/financial/fetch-all-apps", {
          method: "POST",
          json: { dateRange: "recent" },
          cookie: dev,
        })
      ).status,
    ).toBe(403);
    const admin = await t.signIn(w.users.admin.email);
    const bad = await t.call("/api/analytics/financial/fetch-all-apps", {
      method: "POST",
      json: { dateRange: "weekly" },
      cookie: admin,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "dateRange must be recent, monthly or yearly" });
    const ok = await t.call("/api/analytics/financial/fetch-all-apps", {
      method: "POST",
      json: { dateRange: "recent" },
      cookie: admin,
    });
    expect(await ok.json()).toMatchObject({ success: true, totalApps: 0 });
  });

  test("test-financial-api needs an App ID", async () => {
    const w = await world();
    const t = testApp(w.deps);
    const cookie = await t.signIn(w.users.manager.email);
    const res = await t.call("/api/analytics/steam/test-financial-api?appId=&partnerId=", { cookie });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Please enter an App ID to test" });
    const ok = await t.call(`/api/analytics/steam/test-financial-api?appId=${A}`, { cookie });
    expect((await ok.json()).testResults.length).toBeGreaterThan(1);
  });
});
