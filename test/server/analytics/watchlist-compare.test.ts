import { expect, test } from "bun:test";
import { storeReviewDay } from "@server/features/analytics/reviews/review-days";
import { noteState } from "@server/features/analytics/watchlist/app-states";
import { median, reviewsPerWeek, weekOf } from "@server/features/analytics/watchlist/compare";
import {
  projects,
  steamPlayerDaily,
  steamPriceDays,
  steamSales,
  watchlistApps,
} from "@server/platform/db/schema";
import { ESTIMATES } from "@shared/messages/watchlist";
import { eq } from "drizzle-orm";
import { callerFor, makeOrg, makeProject, makeUser, testApp, testDeps } from "../../support/server";

// GET /api/analytics/{projectId}/compare from stored rows: indexed players, reviews per week, the
// list's median without your own game, estimates from reviews, and null (not 0) where nothing is known.

const NOW = Date.parse("2026-11-20T12:00:00Z"); // a Friday
const DAY = 86_400_000;
const OWN = 10;
const A = 20;
const B = 30;
const C = 40;

const review = (total: number) => ({
  reviewScore: 8,
  scoreDesc: "Very Positive",
  totalPositive: Math.round(total * 0.9),
  totalNegative: total - Math.round(total * 0.9),
  totalReviews: total,
});

async function world() {
  const deps = testDeps({}, { now: () => NOW });
  const org = await makeOrg(deps);
  const project = await makeProject(deps, { orgId: org.id, name: "Ours" });
  await deps.db
    .update(projects)
    .set({ steamAppId: OWN, steamAnalyticsEnabled: true, financialAnalyticsEnabled: true })
    .where(eq(projects.id, project.id));
  for (const appId of [A, B, C])
    await deps.db
      .insert(watchlistApps)
      .values({ projectId: project.id, appId, name: `Game ${appId}`, addedAt: 0 });
  const day = (ago: number) => new Date(NOW - ago * DAY).toISOString().slice(0, 10);
  // Players: OWN doubles from its first day; A is flat.
  for (const [appId, ago, avg] of [
    [OWN, 3, 50],
    [OWN, 0, 100],
    [A, 2, 200],
    [A, 0, 200],
  ] as const)
    await deps.db
      .insert(steamPlayerDaily)
      .values({ appId, date: day(ago), peak: avg, total: avg * 4, samples: 4 });
  for (const [appId, ago, total] of [
    [OWN, 8, 100],
    [OWN, 0, 150],
    [A, 8, 1000],
    [A, 1, 1070],
    [A, 0, 1100],
    [B, 0, 3000],
  ] as const)
    await storeReviewDay(deps, appId, review(total), NOW - ago * DAY, false);
  for (const [appId, final, free] of [
    [A, 1000, false],
    [B, 2000, false],
    [C, 0, true],
  ] as const)
    await deps.db.insert(steamPriceDays).values({
      appId,
      date: day(0),
      name: `Store ${appId}`,
      isFree: free,
      currency: free ? null : "USD",
      initialCents: free ? null : final,
      finalCents: free ? null : final,
      discountPercent: 0,
      releaseDate: "Jan 1, 2025",
      comingSoon: false,
      genres: "Indie",
      sampledAt: NOW,
    });
  await noteState(deps, C, "players", "rate_limited");
  await noteState(deps, C, "reviews", "no_reviews");
  await deps.db
    .insert(steamSales)
    .values({ date: day(3), primaryAppId: OWN, appId: OWN, netUnitsSold: 4321 });
  const viewer = await makeUser(deps, { role: "viewer", orgId: org.id });
  return { deps, project, viewer };
}

test("weeks start on Monday; reviews gained add up per week; the median of an even list is the mean of the middle two", () => {
  expect(weekOf("2026-11-20")).toBe("2026-11-16");
  expect(weekOf("2026-11-16")).toBe("2026-11-16");
  expect(weekOf("2026-11-15")).toBe("2026-11-09");
  expect(
    reviewsPerWeek([
      { date: "2026-11-12", totalReviews: 100 },
      { date: "2026-11-16", totalReviews: 130 },
      { date: "2026-11-20", totalReviews: 150 },
    ]),
  ).toEqual([{ week: "2026-11-16", gained: 50 }]);
  expect(median([3, 1, 2])).toBe(2);
  expect(median([4, 1, 2, 3])).toBe(2.5);
  expect(median([])).toBeNull();
});

test("the comparison from stored rows; REST equals tRPC; missing figures are null with their state", async () => {
  const w = await world();
  const t = testApp(w.deps);
  const cookie = await t.signIn(w.viewer.email);
  const res = await t.call(`/api/analytics/${w.project.id}/compare?days=30`, { cookie });
  expect(res.status).toBe(200);
  const body = await res.json();
  const caller = await callerFor(w.deps, w.viewer.email);
  expect(await caller.analytics.compare({ projectId: w.project.id, days: 30 })).toEqual(body);
  const [own, a, b, c] = body.games;
  expect(own.own).toBe(true);
  expect(own.players.map((p: { day: number; index: number }) => [p.day, p.index])).toEqual([
    [0, 100],
    [3, 200],
  ]);
  expect(own.realUnits).toBe(4321);
  expect(own.estimate).toEqual({ low: 150 * 20, high: 150 * 60 });
  expect(a.name).toBe("Store 20");
  expect(a.latest).toMatchObject({ averagePlayers: 200, totalReviews: 1100, priceCents: 1000 });
  expect(a.realUnits).toBeNull();
  expect(b.latest.averagePlayers).toBeNull();
  expect(c.latest).toMatchObject({ averagePlayers: null, totalReviews: null, priceCents: 0 });
  expect(c.states).toEqual({ players: "rate_limited", reviews: "no_reviews", details: null });
  expect(c.estimate).toBeNull();
  // Your own game is left out of the median; the free game out of the price median.
  expect(body.median).toEqual({
    averagePlayers: 200,
    totalReviews: 2050,
    percentPositive: 90,
    // A gained 70 + 30 in the week of the 16th (its rise since the 12th counts on the 19th); B has one day.
    reviewsPerWeek: 100,
    priceCents: 1500,
  });
  expect(body.method).toBe(ESTIMATES.method);
});

test("bad days answer 400 JSON", async () => {
  const w = await world();
  const t = testApp(w.deps);
  const cookie = await t.signIn(w.viewer.email);
  for (const days of ["0", "366", "x", "1.5"]) {
    const res = await t.call(`/api/analytics/${w.project.id}/compare?days=${days}`, { cookie });
    expect(res.status).toBe(400);
    expect(typeof (await res.json()).error).toBe("string");
  }
});
