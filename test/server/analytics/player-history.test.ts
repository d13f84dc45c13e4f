import { afterAll, beforeEach, expect, test } from "bun:test";
import { playerExportRows } from "@server/features/analytics/players/player-history";
import { recordSample, Sampler, type SamplerTimers } from "@server/features/analytics/players/sampler";
import { projects, steamPlayerDaily, steamPlayerSamples } from "@server/platform/db/schema";
import type { ConsoleEvent } from "@server/platform/events/bus";
import { eq } from "drizzle-orm";
import { steamTestDeps } from "../../fakes/steam/deps";
import { startSteamMsw } from "../../fakes/steam/msw";
import { callerFor, makeOrg, makeProject, makeUser } from "../../support/server";

// Player counts beyond 30 days: every sample folds into its day's row, raw samples older than 30
// days are pruned by the sampler's hourly housekeeping, longer periods read the daily rows, and a
// new all-time peak is alerted once.

const DAY = 86_400_000;
const START = Date.parse("2026-11-20T12:00:00Z");
let clock = START;
let players = 100;
const msw = startSteamMsw({ now: () => clock, players: () => players });
afterAll(() => msw.stop());
beforeEach(() => {
  clock = START;
  players = 100;
  msw.reset({ now: () => clock, players: () => players });
});

const A = 2456740;
const idle: SamplerTimers = { setInterval: () => 1, clearInterval: () => {} };

async function world() {
  const deps = steamTestDeps({ STEAM_SAMPLE_MINUTES: "5" }, { now: () => clock });
  const org = await makeOrg(deps);
  const project = await makeProject(deps, { orgId: org.id, name: "Starfall" });
  await deps.db
    .update(projects)
    .set({ steamAppId: A, steamAnalyticsEnabled: true })
    .where(eq(projects.id, project.id));
  const user = await makeUser(deps, { role: "viewer", orgId: org.id });
  const events: ConsoleEvent[] = [];
  deps.events.on((e) => events.push(e));
  const peaks = () => events.filter((e) => e.type === "analytics.player_peak");
  return { deps, project, user, events, peaks, sampler: new Sampler(deps, idle) };
}

test("STEAM_SAMPLE_MINUTES defaults to 5", async () => {
  const deps = steamTestDeps();
  let ms = 0;
  const timers: SamplerTimers = {
    setInterval: (_f, m) => {
      ms = m;
      return 1;
    },
    clearInterval: () => {},
  };
  new Sampler(deps, timers).start();
  expect(ms).toBe(5 * 60_000);
});

test("samples older than 30 days are pruned hourly; their daily peaks stay and longer periods read them", async () => {
  const w = await world();
  // 40 days, three samples a day: 08:00, 14:00 and 20:00 UTC.
  for (let d = 40; d >= 1; d--)
    for (const [h, n] of [
      [8, 10 * d],
      [14, 10 * d + 5],
      [20, 10 * d + 2],
    ] as const)
      await recordSample(w.deps, A, n, START - d * DAY + (h - 12) * 3_600_000);
  await w.sampler.runOnce();
  const oldest = (
    await w.deps.db.select().from(steamPlayerSamples).orderBy(steamPlayerSamples.sampledAt)
  )[0]!;
  expect(oldest.sampledAt).toBeGreaterThanOrEqual(START - 30 * DAY);
  const daily = await w.deps.db.select().from(steamPlayerDaily).orderBy(steamPlayerDaily.date);
  expect(daily).toHaveLength(41);
  expect(daily[0]).toEqual({ appId: A, date: "2026-10-11", peak: 405, total: 1207, samples: 3 });

  // Within the hour nothing more is pruned; an hour later it is.
  await recordSample(w.deps, A, 1, START - 31 * DAY);
  clock += 10 * 60_000;
  await w.sampler.runOnce();
  expect(
    await w.deps.db.select().from(steamPlayerSamples).where(eq(steamPlayerSamples.playerCount, 1)),
  ).toHaveLength(1);
  clock += 3_600_000;
  await w.sampler.runOnce();
  expect(
    await w.deps.db.select().from(steamPlayerSamples).where(eq(steamPlayerSamples.playerCount, 1)),
  ).toHaveLength(0);

  const caller = await callerFor(w.deps, w.user.email);
  const overview = await caller.analytics.overview({ projectId: w.project.id, days: 60 });
  const byDate = new Map(overview.playerMetrics.map((m) => [m.date, m]));
  expect(byDate.get("2026-10-11")).toMatchObject({ dailyPeak: 405, samples: 3 });
  expect(byDate.get("2026-11-19")).toMatchObject({ dailyPeak: 15, samples: 3 });
  expect(overview.summary.peakPlayers).toBe(405);

  const rows = [];
  for await (const r of playerExportRows(w.deps, { appId: A, from: "2026-10-11", to: "2026-10-12" }))
    rows.push(r);
  expect(rows).toEqual([
    { date: "2026-10-11", peak: 405, average: 402, samples: 3 },
    { date: "2026-10-12", peak: 395, average: 392, samples: 3 },
  ]);
});

test("a new all-time peak is alerted once: not on the first sample, 5 % above the last alert, at most daily", async () => {
  const w = await world();
  const tick = async (n: number, ms = 5 * 60_000) => {
    players = n;
    clock += ms;
    await w.sampler.runOnce();
  };
  await tick(100); // first sample: the baseline, silent
  await tick(104); // a new high, but under 5 % above the baseline
  expect(w.peaks()).toEqual([]);
  await tick(106);
  expect(w.peaks()).toHaveLength(1);
  expect(w.peaks()[0]).toMatchObject({ projectId: w.project.id, appId: A, players: 106, previousPeak: 104 });
  await tick(106);
  await tick(140); // far above, but within a day of the last alert
  await tick(90);
  expect(w.peaks()).toHaveLength(1);
  await tick(141, DAY);
  expect(w.peaks()).toHaveLength(2);
  expect(w.peaks()[1]).toMatchObject({ players: 141, previousPeak: 140 });
  // A restart: a new sampler over the same database alerts nothing for a peak already told.
  const again = new Sampler(w.deps, idle);
  players = 141;
  clock += DAY;
  await again.runOnce();
  expect(w.peaks()).toHaveLength(2);
});
