import { describe, expect, test } from "bun:test";
import type { AppDeps } from "@server/deps";
import {
  destinationIntents,
  destinations,
  liveRuns,
  steamReviewDays,
  steamSalesDiscounts,
  steamWishlistDays,
} from "@server/platform/db/schema";
import { enableAnalytics, insertSales, insertSamples, saleRow } from "../../support/analytics-rows";
import { callerFor, makeOrg, makeProject, makeUser, testApp, testDeps } from "../../support/server";

// The one timeline from known fixtures: revenue, peaks and broadcast seconds per day.

const APP = 2456740;
const NOW = Date.parse("2026-11-20T20:00:00Z");
const at = (iso: string) => Date.parse(iso);

async function destination(deps: AppDeps, projectId: number, name: string) {
  const [row] = await deps.db
    .insert(destinations)
    .values({ projectId, name, type: "custom", rtmpUrl: "rtmp://127.0.0.1/live" })
    .returning();
  return row!.id;
}
const intent = async (deps: AppDeps, destinationId: number, start: string, end: string | null) =>
  await deps.db
    .insert(destinationIntents)
    .values({ destinationId, source: "user", startedAt: at(start), endedAt: end ? at(end) : null });
const run = async (deps: AppDeps, destinationId: number, start: string, end: string | null) =>
  await deps.db
    .insert(liveRuns)
    .values({ streamId: 1, destinationId, startedAt: at(start), endedAt: end ? at(end) : null });

async function world() {
  const deps = testDeps({}, { now: () => NOW });
  const org = await makeOrg(deps);
  const user = await makeUser(deps, { orgId: org.id, role: "viewer" });
  const project = await makeProject(deps, { orgId: org.id, name: "Timeline Game" });
  const elsewhere = await makeProject(deps, { orgId: org.id, name: "Other" });
  await enableAnalytics(deps, project.id, APP);
  await insertSales(deps, [
    saleRow(APP, "2026-11-18", { netSalesCents: 1000 }),
    saleRow(APP, "2026-11-18", { netSalesCents: 500 }),
    saleRow(APP, "2026-11-20", { netSalesCents: -200 }),
    saleRow(4242, "2026-11-19", { netSalesCents: 99999 }),
  ]);
  await insertSamples(deps, APP, [
    ["2026-11-18T03:00:00Z", 10],
    ["2026-11-18T15:00:00Z", 40],
    ["2026-11-20T01:00:00Z", 5],
  ]);
  const a = await destination(deps, project.id, "A");
  const b = await destination(deps, project.id, "B");
  const other = await destination(deps, elsewhere.id, "Other");
  // A: wanted 22:00–02:00, live from 22:30: 5400 s on the 18th, 7200 s on the 19th.
  await intent(deps, a, "2026-11-18T22:00:00Z", "2026-11-19T02:00:00Z");
  await run(deps, a, "2026-11-18T22:30:00Z", "2026-11-19T02:00:00Z");
  // B overlaps A (counted once) and runs until 03:00: the 19th is 00:00–03:00 = 10800 s.
  await intent(deps, b, "2026-11-19T01:00:00Z", null);
  await run(deps, b, "2026-11-19T01:00:00Z", "2026-11-19T03:00:00Z");
  // The 20th: 10:00–11:00 and an open run from 19:00 until now (20:00) = 7200 s.
  await run(deps, b, "2026-11-20T10:00:00Z", "2026-11-20T11:00:00Z");
  await run(deps, b, "2026-11-20T19:00:00Z", null);
  // A run nobody wanted, and another project's broadcast, count for nothing.
  await run(deps, a, "2026-11-20T12:00:00Z", "2026-11-20T13:00:00Z");
  await intent(deps, other, "2026-11-20T00:00:00Z", null);
  await run(deps, other, "2026-11-20T00:00:00Z", null);
  return { deps, org, user, project };
}

describe("timeline", () => {
  test("revenue, player peaks and broadcast seconds per day from stored data", async () => {
    const w = await world();
    const api = await callerFor(w.deps, w.user.email);
    const answer = await api.analyticsExport.timeline({ projectId: w.project.id, days: 3 });
    expect(answer).toEqual({
      from: "2026-11-18",
      to: "2026-11-20",
      days: [
        {
          date: "2026-11-18",
          netRevenueCents: 1500,
          playerPeak: 40,
          wishlistAdds: null,
          reviewPercent: null,
          broadcastSeconds: 5400,
        },
        {
          date: "2026-11-19",
          netRevenueCents: 0,
          playerPeak: null,
          wishlistAdds: null,
          reviewPercent: null,
          broadcastSeconds: 10800,
        },
        {
          date: "2026-11-20",
          netRevenueCents: -200,
          playerPeak: 5,
          wishlistAdds: null,
          reviewPercent: null,
          broadcastSeconds: 7200,
        },
      ],
      saleEvents: [],
    });
  });

  test("wishlist adds, review percent and sale events share the same days", async () => {
    const w = await world();
    await w.deps.db.insert(steamWishlistDays).values({
      appId: APP,
      date: "2026-11-19",
      adds: 12,
      deletes: 1,
      purchases: 0,
      gifts: 0,
      fetchedAt: NOW,
    });
    await w.deps.db.insert(steamReviewDays).values({
      appId: APP,
      date: "2026-11-20",
      scoreDesc: "Mostly Positive",
      totalPositive: 3,
      totalNegative: 1,
      totalReviews: 4,
      sampledAt: NOW,
    });
    // Two discounted days of one combined discount, named by Steam's companion table.
    await insertSales(w.deps, [
      saleRow(APP, "2026-11-19", { combinedDiscountId: 77, totalDiscountPercentage: 40 }),
      saleRow(APP, "2026-11-20", { combinedDiscountId: 77, totalDiscountPercentage: 40 }),
    ]);
    await w.deps.db
      .insert(steamSalesDiscounts)
      .values({ combinedDiscountId: 77, name: "Autumn Sale", totalDiscountPercentage: 40 });
    const api = await callerFor(w.deps, w.user.email);
    const answer = await api.analyticsExport.timeline({ projectId: w.project.id, days: 3 });
    expect(answer.days.map((d) => [d.date, d.wishlistAdds, d.reviewPercent])).toEqual([
      ["2026-11-18", null, null],
      ["2026-11-19", 12, null],
      ["2026-11-20", null, 75],
    ]);
    expect(answer.saleEvents).toEqual([
      { start: "2026-11-19", end: "2026-11-20", label: "Autumn Sale", discountPercent: 40 },
    ]);
  });

  test("without financial analytics revenue is null; without an app id only broadcasts remain", async () => {
    const w = await world();
    const api = await callerFor(w.deps, w.user.email);
    await enableAnalytics(w.deps, w.project.id, APP, false);
    const off = await api.analyticsExport.timeline({ projectId: w.project.id, days: 3 });
    expect(off.days.map((d) => d.netRevenueCents)).toEqual([null, null, null]);
    await enableAnalytics(w.deps, w.project.id, null);
    const none = await api.analyticsExport.timeline({ projectId: w.project.id, days: 3 });
    expect(none.days.map((d) => [d.playerPeak, d.broadcastSeconds])).toEqual([
      [null, 5400],
      [null, 10800],
      [null, 7200],
    ]);
  });

  test("REST answers the same; bad days and another organization answer 4xx JSON", async () => {
    const w = await world();
    const t = testApp(w.deps);
    const cookie = await t.signIn(w.user.email);
    const ok = await t.call(`/api/analytics/timeline/${w.project.id}?days=3`, { cookie });
    expect(ok.status).toBe(200);
    expect((await ok.json()).days[0].broadcastSeconds).toBe(5400);
    for (const days of ["0", "366", "x", "-1"]) {
      const res = await t.call(`/api/analytics/timeline/${w.project.id}?days=${days}`, { cookie });
      expect(res.status).toBe(400);
      expect(await res.json()).toHaveProperty("error");
    }
    const stranger = await makeUser(w.deps, { orgId: (await makeOrg(w.deps)).id, role: "developer" });
    const res = await t.call(`/api/analytics/timeline/${w.project.id}`, {
      cookie: await t.signIn(stranger.email),
    });
    expect(res.status).toBe(404);
  });
});
