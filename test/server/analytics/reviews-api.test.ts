import { afterAll, expect, test } from "bun:test";
import { storeReviewDay } from "@server/features/analytics/reviews/review-days";
import { projects } from "@server/platform/db/schema";
import { REVIEWS } from "@shared/messages/analytics-alerts";
import { eq } from "drizzle-orm";
import { steamTestDeps } from "../../fakes/steam/deps";
import { startSteamMsw } from "../../fakes/steam/msw";
import { callerFor, makeOrg, makeProject, makeUser, testApp } from "../../support/server";

// GET /api/analytics/reviews/{projectId}?days=n and analytics.reviews: the same answer, the same refusals.

const NOW = Date.parse("2026-11-20T12:00:00Z");
const msw = startSteamMsw({ now: () => NOW });
afterAll(() => msw.stop());
const A = 2456740;

async function world() {
  const deps = steamTestDeps({}, { now: () => NOW });
  const org = await makeOrg(deps);
  const project = await makeProject(deps, { orgId: org.id, name: "Starfall" });
  const noApp = await makeProject(deps, { orgId: org.id, name: "No game yet" });
  await deps.db
    .update(projects)
    .set({ steamAppId: A, steamAnalyticsEnabled: true })
    .where(eq(projects.id, project.id));
  const viewer = await makeUser(deps, { role: "viewer", orgId: org.id });
  const outsider = await makeUser(deps, { role: "manager", orgId: (await makeOrg(deps)).id });
  const days: [number, string, number, number][] = [
    [10, "Mostly Positive", 150, 50],
    [5, "Mostly Positive", 170, 52],
    [1, "Very Positive", 240, 56],
    [0, "Very Positive", 250, 58],
  ];
  for (const [ago, desc, pos, neg] of days)
    await storeReviewDay(
      deps,
      A,
      { reviewScore: 8, scoreDesc: desc, totalPositive: pos, totalNegative: neg, totalReviews: pos + neg },
      NOW - ago * 86_400_000,
      false,
    );
  return { deps, project, noApp, viewer, outsider };
}

test("a viewer reads the latest score, percent positive, the daily trend and the change; REST equals tRPC", async () => {
  const w = await world();
  const t = testApp(w.deps);
  const cookie = await t.signIn(w.viewer.email);
  const res = await t.call(`/api/analytics/reviews/${w.project.id}?days=7`, { cookie });
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body.latest).toEqual({
    date: "2026-11-20",
    scoreDescription: "Very Positive",
    totalPositive: 250,
    totalNegative: 58,
    totalReviews: 308,
    percentPositive: 81.2,
  });
  expect(
    body.trend.map((d: { date: string; percentPositive: number }) => [d.date, d.percentPositive]),
  ).toEqual([
    ["2026-11-15", 76.6],
    ["2026-11-19", 81.1],
    ["2026-11-20", 81.2],
  ]);
  expect(body.change).toEqual({ percentPositive: 4.6, totalReviews: 86 });
  const caller = await callerFor(w.deps, w.viewer.email);
  expect(await caller.analytics.reviews({ projectId: w.project.id, days: 7 })).toEqual(body);
  // The default period (90 days) holds all four days.
  expect((await caller.analytics.reviews({ projectId: w.project.id })).trend).toHaveLength(4);
});

test("bad days, a project without an app id, another organization and no session are refused in JSON", async () => {
  const w = await world();
  const t = testApp(w.deps);
  const cookie = await t.signIn(w.viewer.email);
  for (const days of ["0", "1096", "abc", "2.5", "-1", ""]) {
    const bad = await t.call(`/api/analytics/reviews/${w.project.id}?days=${days}`, { cookie });
    expect(bad.status).toBe(400);
    expect(typeof (await bad.json()).error).toBe("string");
  }
  expect((await t.call(`/api/analytics/reviews/${w.project.id}?days=1095`, { cookie })).status).toBe(200);
  expect((await t.call(`/api/analytics/reviews/abc`, { cookie })).status).toBe(400);
  const noApp = await t.call(`/api/analytics/reviews/${w.noApp.id}`, { cookie });
  expect(noApp.status).toBe(400);
  expect(await noApp.json()).toEqual({ error: REVIEWS.noAppId });
  const outsider = await t.signIn(w.outsider.email);
  const foreign = await t.call(`/api/analytics/reviews/${w.project.id}`, { cookie: outsider });
  expect(foreign.status).toBe(404);
  expect(typeof (await foreign.json()).error).toBe("string");
  expect((await t.call(`/api/analytics/reviews/999999`, { cookie })).status).toBe(404);
  expect((await t.call(`/api/analytics/reviews/${w.project.id}`)).status).toBe(401);
  const caller = await callerFor(w.deps, w.viewer.email);
  await expect(caller.analytics.reviews({ projectId: w.project.id, days: 0 })).rejects.toThrow();
});
