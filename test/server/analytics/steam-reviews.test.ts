import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import type { SamplerTimers } from "@server/features/analytics/players/sampler";
import { storeReviewDay } from "@server/features/analytics/reviews/review-days";
import { ReviewSampler } from "@server/features/analytics/reviews/review-sampler";
import { percentPositive, reviewChange, reviewExportRows } from "@server/features/analytics/reviews/reviews";
import { projects, steamReviewDays } from "@server/platform/db/schema";
import type { ConsoleEvent } from "@server/platform/events/bus";
import { eq } from "drizzle-orm";
import { steamTestDeps } from "../../fakes/steam/deps";
import { startSteamMsw } from "../../fakes/steam/msw";
import { reviewSummaryAt } from "../../fakes/steam/reviews";
import { makeOrg, makeProject } from "../../support/server";

// The store's review summary through msw in Steam's shape, stored once a day, and the alert when
// Steam's description changes from one day to the next.

const START = Date.parse("2026-11-20T09:00:00Z");
let clock = START;
const msw = startSteamMsw({ now: () => clock });
afterAll(() => msw.stop());
beforeEach(() => {
  clock = START;
  msw.reset({ now: () => clock });
});

const A = 2456740;
const idleTimers: SamplerTimers = { setInterval: () => 1, clearInterval: () => {} };

async function world() {
  const deps = steamTestDeps({}, { now: () => clock });
  const org = await makeOrg(deps);
  const project = await makeProject(deps, { orgId: org.id, name: "Starfall" });
  const other = await makeProject(deps, { orgId: org.id, name: "Same game" });
  for (const p of [project, other])
    await deps.db
      .update(projects)
      .set({ steamAppId: A, steamAnalyticsEnabled: true })
      .where(eq(projects.id, p.id));
  const events: ConsoleEvent[] = [];
  deps.events.on((e) => events.push(e));
  const rows = async () => await deps.db.select().from(steamReviewDays).orderBy(steamReviewDays.date);
  return { deps, project, other, events, rows, sampler: new ReviewSampler(deps, idleTimers) };
}

const summary = (desc: string, positive: number, negative: number) => ({
  reviewScore: null,
  scoreDesc: desc,
  totalPositive: positive,
  totalNegative: negative,
  totalReviews: positive + negative,
});

describe("the store call", () => {
  test("asks appreviews for every language and purchase with no reviews, and stores query_summary", async () => {
    const w = await world();
    const run = await w.sampler.runOnce();
    expect(run.stored).toEqual([A]);
    const [call] = msw.fake.calls("/appreviews/");
    expect(call!.pathname).toBe(`/appreviews/${A}`);
    expect(Object.fromEntries(call!.searchParams)).toEqual({
      json: "1",
      language: "all",
      purchase_type: "all",
      num_per_page: "0",
    });
    const want = reviewSummaryAt(A, clock)!;
    expect(await w.rows()).toEqual([
      {
        appId: A,
        date: "2026-11-20",
        reviewScore: want.review_score,
        scoreDesc: want.review_score_desc,
        totalPositive: want.total_positive,
        totalNegative: want.total_negative,
        totalReviews: want.total_reviews,
        sampledAt: clock,
        changeAlertedFrom: null,
      },
    ]);
  });

  test("an answer without query_summary, or success 2, stores nothing and the pass goes on", async () => {
    const w = await world();
    msw.fake.fault({ path: "/appreviews/", status: 200, body: JSON.stringify({ success: 1, reviews: [] }) });
    expect((await w.sampler.runOnce()).noSummary).toEqual([A]);
    msw.reset({ now: () => clock, reviews: () => null });
    expect((await w.sampler.runOnce()).noSummary).toEqual([A]);
    msw.fake.fault({ path: "/appreviews/", status: 200, body: "<html>Sorry</html>" });
    expect((await w.sampler.runOnce()).failed).toEqual([A]);
    expect(await w.rows()).toEqual([]);
    expect(w.events).toEqual([]);
  });

  test("once a day: a second pass the same day does not ask Steam; the next day adds a row", async () => {
    const w = await world();
    await w.sampler.runOnce();
    clock += 3 * 3_600_000;
    expect((await w.sampler.runOnce()).stored).toEqual([]);
    expect(msw.fake.calls("/appreviews/")).toHaveLength(1);
    clock += 24 * 3_600_000;
    await w.sampler.runOnce();
    expect((await w.rows()).map((r) => r.date)).toEqual(["2026-11-20", "2026-11-21"]);
  });

  test("storing the same day again replaces its row, never adds one", async () => {
    const w = await world();
    await storeReviewDay(w.deps, A, summary("Very Positive", 90, 10), clock);
    await storeReviewDay(w.deps, A, summary("Very Positive", 95, 10), clock + 60_000);
    expect(await w.rows()).toHaveLength(1);
    expect((await w.rows())[0]!.totalPositive).toBe(95);
  });

  test("the sampler is idle until started; start reads at once and then checks hourly", async () => {
    const w = await world();
    let interval = 0;
    const sampler = new ReviewSampler(w.deps, {
      setInterval: (_fn, ms) => {
        interval = ms;
        return 1;
      },
      clearInterval: () => {},
    });
    expect(msw.fake.calls("/appreviews/")).toHaveLength(0);
    sampler.start();
    await sampler.stop();
    expect(interval).toBe(3_600_000);
    expect(await w.rows()).toHaveLength(1);
  });
});

describe("the score description alert", () => {
  test("sent once per change, to every project watching the app, and never on the first day", async () => {
    const w = await world();
    const day = (n: number) => START + n * 86_400_000;
    await storeReviewDay(w.deps, A, summary("Mostly Positive", 75, 25), day(0));
    await storeReviewDay(w.deps, A, summary("Mostly Positive", 76, 25), day(1));
    expect(w.events).toEqual([]);
    await storeReviewDay(w.deps, A, summary("Very Positive", 160, 30), day(2));
    // Read again the same day: what was alerted is in the row, so no second alert (nor after a restart).
    await storeReviewDay(w.deps, A, summary("Very Positive", 161, 30), day(2) + 3_600_000);
    await storeReviewDay(w.deps, A, summary("Very Positive", 170, 30), day(3));
    const alerts = w.events.filter((e) => e.type === "analytics.review_score_changed");
    expect(alerts.map((e) => e.projectId).sort()).toEqual([w.project.id, w.other.id].sort());
    expect(alerts[0]).toMatchObject({
      appId: A,
      reviewScore: "Very Positive",
      previousReviewScore: "Mostly Positive",
      at: day(2),
    });
    expect(alerts[0]!.message).toContain('"Very Positive"');
    await storeReviewDay(w.deps, A, summary("Mostly Positive", 170, 60), day(4));
    expect(w.events.filter((e) => e.type === "analytics.review_score_changed")).toHaveLength(4);
  });
});

describe("the maths", () => {
  test("percent positive is positive ÷ total with one decimal; no reviews is null", () => {
    expect(percentPositive(912, 1000)).toBe(91.2);
    expect(percentPositive(2, 3)).toBe(66.7);
    expect(percentPositive(0, 0)).toBeNull();
  });

  test("change over the period: points and reviews added from the first day to the last", () => {
    const d = (date: string, p: number | null, total: number) => ({
      date,
      scoreDescription: "x",
      totalPositive: 0,
      totalNegative: 0,
      totalReviews: total,
      percentPositive: p,
    });
    expect(reviewChange([d("a", 80.5, 100), d("b", 82, 150), d("c", 84.2, 210)])).toEqual({
      percentPositive: 3.7,
      totalReviews: 110,
    });
    expect(reviewChange([d("a", 80, 100)])).toEqual({ percentPositive: null, totalReviews: null });
    expect(reviewChange([d("a", null, 0), d("b", 100, 3)])).toEqual({
      percentPositive: null,
      totalReviews: 3,
    });
  });

  test("export rows come in date order within the range, a page at a time", async () => {
    const w = await world();
    for (let i = 0; i < 700; i++)
      await storeReviewDay(
        w.deps,
        A,
        summary(i < 400 ? "Mixed" : "Mostly Positive", 60 + i, 40),
        START - i * 86_400_000,
        false,
      );
    const rows = [];
    for await (const r of reviewExportRows(w.deps, { appId: A, from: "2025-01-01", to: "2026-11-20" }))
      rows.push(r);
    expect(rows[0]!.date).toBe("2025-01-01");
    expect(rows.at(-1)).toEqual({
      date: "2026-11-20",
      scoreDescription: "Mixed",
      positive: 60,
      negative: 40,
      total: 100,
      percent: 60,
    });
    expect(rows.map((r) => r.date)).toEqual([...rows.map((r) => r.date)].sort());
    expect(new Set(rows.map((r) => r.date)).size).toBe(rows.length);
    expect(rows).toHaveLength(689);
  });
});
