import { afterAll, afterEach, beforeEach, describe, expect, test } from "bun:test";
import { Sampler, type SamplerTimers } from "@server/features/analytics/players/sampler";
import { ReviewSampler } from "@server/features/analytics/reviews/review-sampler";
import { statesOf } from "@server/features/analytics/watchlist/app-states";
import { DetailsSampler } from "@server/features/analytics/watchlist/details-sampler";
import {
  projects,
  steamPlayerDaily,
  steamPriceDays,
  steamReviewDays,
  watchlistApps,
} from "@server/platform/db/schema";
import { STEAM_MAX_IN_FLIGHT } from "@server/platform/net/steam-gate";
import { eq } from "drizzle-orm";
import { appDetailsBody } from "../../fakes/steam/app-details";
import { playersAt } from "../../fakes/steam/data";
import { steamTestDeps } from "../../fakes/steam/deps";
import { startSteamMsw } from "../../fakes/steam/msw";
import { makeOrg, makeProject } from "../../support/server";
import { waitUntil } from "../../support/wait";

// The watch list's apps sampled through msw in Steam's real shapes: players on the sampler's round,
// reviews and appdetails once a day, and every failure kept as a plain state, never as a zero.

let clock = Date.parse("2026-11-20T09:00:00Z");
const msw = startSteamMsw({ now: () => clock });
afterAll(() => msw.stop());
beforeEach(() => {
  clock = Date.parse("2026-11-20T09:00:00Z");
  msw.reset({ now: () => clock });
});

const OWN = 2456740;
const RIVAL = 1987650;
const FREE = 1765420;
const UNKNOWN = 4242424;
const idle: SamplerTimers = { setInterval: () => 1, clearInterval: () => {} };

async function world(watch = [RIVAL, FREE, UNKNOWN]) {
  const deps = steamTestDeps({}, { now: () => clock });
  const org = await makeOrg(deps);
  const project = await makeProject(deps, { orgId: org.id, name: "Starfall" });
  const other = await makeProject(deps, { orgId: org.id, name: "Other studio project" });
  await deps.db
    .update(projects)
    .set({ steamAppId: OWN, steamAnalyticsEnabled: true })
    .where(eq(projects.id, project.id));
  for (const appId of watch)
    await deps.db
      .insert(watchlistApps)
      .values({ projectId: project.id, appId, name: `App ${appId}`, addedAt: 0 });
  // The same rival on a second list: still one call per round.
  await deps.db
    .insert(watchlistApps)
    .values({ projectId: other.id, appId: RIVAL, name: "Rival", addedAt: 0 });
  return { deps, project };
}

describe("players", () => {
  test("one call per watched app per round, the project's own game included; an unknown app is a state", async () => {
    const w = await world();
    const run = await new Sampler(w.deps, idle).runOnce();
    const asked = msw.fake.calls("GetNumberOfCurrentPlayers").map((u) => Number(u.searchParams.get("appid")));
    expect(asked.sort()).toEqual([RIVAL, FREE, OWN, UNKNOWN].sort());
    expect(run.sampled.map((s) => s.appId).sort()).toEqual([FREE, RIVAL, OWN].sort());
    const daily = await w.deps.db.select().from(steamPlayerDaily).where(eq(steamPlayerDaily.appId, RIVAL));
    expect(daily[0]!.peak).toBe(playersAt(RIVAL, clock));
    expect(
      await w.deps.db.select().from(steamPlayerDaily).where(eq(steamPlayerDaily.appId, UNKNOWN)),
    ).toEqual([]);
    const states = await statesOf(w.deps, [RIVAL, UNKNOWN]);
    expect(states.get(RIVAL)!.players).toBe("ok");
    expect(states.get(UNKNOWN)!.players).toBe("unknown_app");
  });

  test("a 429 that outlasts the retries is recorded as rate limited, and the round goes on", async () => {
    const w = await world([RIVAL]);
    msw.fake.fault({ path: "GetNumberOfCurrentPlayers", status: 429, times: 4 });
    const run = await new Sampler(w.deps, idle).runOnce();
    expect(run.failed).toHaveLength(1);
    expect(run.sampled).toHaveLength(1);
    const states = await statesOf(w.deps, [OWN, RIVAL]);
    const failedApp = run.failed[0]!.appId;
    expect(states.get(failedApp)!.players).toBe("rate_limited");
    // Backed off between the attempts, as the Steam client does for 429.
    expect(w.deps.sleeps.length).toBeGreaterThanOrEqual(3);
  });
});

describe("reviews", () => {
  test("daily totals for watched apps; success 2 and zero reviews become plain states", async () => {
    const w = await world();
    msw.reset({
      now: () => clock,
      reviews: (appId) =>
        appId === UNKNOWN
          ? null
          : appId === FREE
            ? {
                num_reviews: 0,
                review_score: 0,
                review_score_desc: "No user reviews",
                total_positive: 0,
                total_negative: 0,
                total_reviews: 0,
              }
            : {
                num_reviews: 0,
                review_score: 8,
                review_score_desc: "Very Positive",
                total_positive: 900,
                total_negative: 100,
                total_reviews: 1000,
              },
    });
    const sampler = new ReviewSampler(w.deps, idle);
    await sampler.runOnce();
    const rows = await w.deps.db.select().from(steamReviewDays);
    expect(rows.map((r) => r.appId).sort()).toEqual([FREE, RIVAL, OWN].sort());

    const states = await statesOf(w.deps, [RIVAL, FREE, UNKNOWN]);
    expect(states.get(RIVAL)!.reviews).toBe("ok");
    expect(states.get(FREE)!.reviews).toBe("no_reviews");
    expect(states.get(UNKNOWN)!.reviews).toBe("unknown_app");
    // A watched app Steam does not know is asked again tomorrow, not every hour.
    const asked = () => msw.fake.calls(`/appreviews/${UNKNOWN}`).length;
    const before = asked();
    clock += 3_600_000;
    await sampler.runOnce();
    expect(asked()).toBe(before);
    clock += 86_400_000;
    await sampler.runOnce();
    expect(asked()).toBe(before + 1);
  });
});

describe("appdetails", () => {
  test("price, discount and release day once a day; success false is read once a day and stored as a state", async () => {
    const w = await world();
    const sampler = new DetailsSampler(w.deps, idle);
    const run = await sampler.runOnce();
    expect(run.stored.sort()).toEqual([FREE, RIVAL, OWN].sort());
    expect(run.unknown).toEqual([UNKNOWN]);
    const [call] = msw.fake.calls("/api/appdetails");
    expect(Object.fromEntries(call!.searchParams)).toEqual({
      appids: String(call!.searchParams.get("appids")),
      cc: "us",
      l: "english",
    });
    const rows = await w.deps.db.select().from(steamPriceDays);
    const rival = rows.find((r) => r.appId === RIVAL)!;
    const raw = (
      appDetailsBody(RIVAL, clock)[String(RIVAL)] as {
        data: { price_overview: Record<string, number>; release_date: { date: string } };
      }
    ).data;
    expect(rival).toMatchObject({
      date: "2026-11-20",
      name: "Hollow Lantern",
      isFree: false,
      currency: "USD",
      initialCents: raw.price_overview.initial,
      finalCents: raw.price_overview.final,
      discountPercent: raw.price_overview.discount_percent,
      releaseDate: raw.release_date.date,
      genres: "Action, Adventure",
    });
    expect(rows.find((r) => r.appId === FREE)).toMatchObject({
      isFree: true,
      currency: null,
      finalCents: null,
    });
    // The store's name replaces the one given when the game was added.
    const [listed] = await w.deps.db.select().from(watchlistApps).where(eq(watchlistApps.appId, RIVAL));
    expect(listed!.name).toBe("Hollow Lantern");
    expect((await statesOf(w.deps, [UNKNOWN])).get(UNKNOWN)!.details).toBe("unknown_app");
    // An hour later nothing is read again, not even the unknown app.
    clock += 3_600_000;
    const before = msw.fake.calls("/api/appdetails").length;
    const second = await sampler.runOnce();
    expect(second.stored).toEqual([]);
    expect(second.unknown).toEqual([]);
    expect(msw.fake.calls("/api/appdetails").length).toBe(before);
  });

  test("a 5xx that outlasts the retries leaves the app to the next hour, recorded as unavailable", async () => {
    const w = await world([RIVAL]);
    msw.fake.fault({ path: "/api/appdetails", status: 503, times: 8 });
    const sampler = new DetailsSampler(w.deps, idle);
    const run = await sampler.runOnce();
    expect(run.failed.length).toBe(2);
    expect((await statesOf(w.deps, [RIVAL])).get(RIVAL)!.details).toBe("unavailable");
    clock += 3_600_000;
    expect((await sampler.runOnce()).stored.sort()).toEqual([RIVAL, OWN].sort());
    expect((await statesOf(w.deps, [RIVAL])).get(RIVAL)!.details).toBe("ok");
  });
});

describe("the shared concurrency limit", () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  test(`every Steam call of the process, whichever client makes it, waits for one of ${STEAM_MAX_IN_FLIGHT} slots`, async () => {
    const w = await world();
    // A second client, as a sync or another sampler would have: the limit is shared all the same.
    const other = steamTestDeps({}, { now: () => clock }).steam;
    let inFlight = 0;
    let peak = 0;
    const held: (() => void)[] = [];
    let open = false;
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      if (!open) await new Promise<void>((resolve) => held.push(resolve));
      try {
        return await realFetch(...args);
      } finally {
        inFlight--;
      }
    }) as typeof fetch;
    const calls = [
      ...[OWN, RIVAL, FREE].map((id) => w.deps.steam.currentPlayers(id)),
      ...[OWN, RIVAL, FREE].map((id) => other.appDetails(id)),
      ...[OWN, RIVAL].map((id) => other.reviewSummary(id)),
      w.deps.steam.search("star", 5),
    ];
    await waitUntil(() => held.length >= STEAM_MAX_IN_FLIGHT, 5000, "the first calls to reach Steam");
    // Give any call not held back by the limit every chance to start.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(inFlight).toBe(STEAM_MAX_IN_FLIGHT);
    open = true;
    for (const release of held.splice(0)) release();
    const answers = await Promise.allSettled(calls);
    expect(answers.every((a) => a.status === "fulfilled")).toBe(true);
    expect(peak).toBe(STEAM_MAX_IN_FLIGHT);
  });
});
