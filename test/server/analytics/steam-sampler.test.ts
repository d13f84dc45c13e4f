import { afterAll, beforeEach, expect, test } from "bun:test";
import { getOverview } from "@server/features/analytics/analytics";
import { Sampler, type SamplerTimers } from "@server/features/analytics/players/sampler";
import { projects, steamPlayerSamples } from "@server/platform/db/schema";
import { configureLogger } from "@server/platform/log";
import { eq } from "drizzle-orm";
import { playersAt } from "../../fakes/steam/data";
import { steamTestDeps } from "../../fakes/steam/deps";
import { startSteamMsw } from "../../fakes/steam/msw";
import { makeOrg, makeProject } from "../../support/server";

// The sampler with a controlled clock and hand-driven timers: no test waits on a real interval.

let clock = Date.parse("2026-11-20T00:05:00Z");
const msw = startSteamMsw({ now: () => clock });
afterAll(() => msw.stop());
beforeEach(() => {
  clock = Date.parse("2026-11-20T00:05:00Z");
  msw.reset({ now: () => clock });
});

function manualTimers() {
  const t = {
    fn: null as (() => void) | null,
    ms: 0,
    cleared: false,
    timers: {
      setInterval: (fn: () => void, ms: number) => {
        t.fn = fn;
        t.ms = ms;
        return 1;
      },
      clearInterval: () => {
        t.cleared = true;
        t.fn = null;
      },
    } satisfies SamplerTimers,
  };
  return t;
}

async function world() {
  const deps = steamTestDeps({ STEAM_SAMPLE_MINUTES: "5" }, { now: () => clock });
  const org = await makeOrg(deps);
  const watched = await makeProject(deps, { orgId: org.id, name: "Watched" });
  const alsoWatched = await makeProject(deps, { orgId: org.id, name: "Same game" });
  const off = await makeProject(deps, { orgId: org.id, name: "Analytics off" });
  const noApp = await makeProject(deps, { orgId: org.id, name: "No app id" });
  const set = async (id: number, steamAppId: number | null, on: boolean) =>
    await deps.db.update(projects).set({ steamAppId, steamAnalyticsEnabled: on }).where(eq(projects.id, id));
  await set(watched.id, 2456740, true);
  await set(alsoWatched.id, 2456740, true);
  await set(off.id, 1987650, false);
  await set(noApp.id, null, true);
  return { deps, watched };
}

const samples = async (deps: Awaited<ReturnType<typeof world>>["deps"]) =>
  await deps.db.select().from(steamPlayerSamples).orderBy(steamPlayerSamples.sampledAt);

test("start schedules every STEAM_SAMPLE_MINUTES; each tick samples each watched app once at the clock's time", async () => {
  const { deps } = await world();
  const t = manualTimers();
  const sampler = new Sampler(deps, t.timers);
  expect(await samples(deps)).toHaveLength(0);
  sampler.start();
  expect(t.ms).toBe(5 * 60_000);
  expect(await samples(deps)).toHaveLength(0);

  for (let i = 0; i < 3; i++) {
    t.fn!();
    await sampler.runOnce();
    clock += 5 * 60_000;
  }
  const rows = await samples(deps);
  expect(rows.map((r) => r.appId)).toEqual([2456740, 2456740, 2456740]);
  const start = Date.parse("2026-11-20T00:05:00Z");
  expect(rows.map((r) => r.sampledAt)).toEqual([start, start + 300_000, start + 600_000]);
  expect(rows.map((r) => r.playerCount)).toEqual(rows.map((r) => playersAt(2456740, r.sampledAt)));
  expect(msw.fake.calls("GetNumberOfCurrentPlayers")).toHaveLength(3);

  await sampler.stop();
  expect(t.cleared).toBe(true);
  expect(sampler.started).toBe(false);
});

test("a failing app is logged as a warning with no key, and the other apps are still sampled", async () => {
  const { deps } = await world();
  const other = await makeProject(deps, { orgId: (await makeOrg(deps)).id, name: "Unknown app" });
  await deps.db
    .update(projects)
    .set({ steamAppId: 999, steamAnalyticsEnabled: true })
    .where(eq(projects.id, other.id));
  const lines: string[] = [];
  configureLogger({ level: "warn", format: "json", write: (line) => lines.push(line) });
  try {
    const run = await new Sampler(deps, manualTimers().timers).runOnce();
    expect(run.sampled.map((s) => s.appId)).toEqual([2456740]);
    expect(run.failed).toEqual([{ appId: 999, error: "Steam does not know app 999" }]);
    const sampled = lines.map((l) => JSON.parse(l)).filter((e) => e.component === "sampler");
    expect(sampled).toHaveLength(1);
    expect(sampled[0].level).toBe("warn");
    expect(sampled[0].message).toContain("app 999");
    for (const line of lines) expect(line).not.toContain(String(deps.env.STEAM_WEB_API_KEY));
  } finally {
    configureLogger({ level: "error", format: "pretty", write: (line) => console.error(line) });
  }
});

test("overlapping ticks share one pass instead of sampling twice", async () => {
  const { deps } = await world();
  const sampler = new Sampler(deps, manualTimers().timers);
  const [a, b] = await Promise.all([sampler.runOnce(), sampler.runOnce()]);
  expect(a).toBe(b);
  expect(await samples(deps)).toHaveLength(1);
});

test("a day of ticks becomes the overview's daily peak, 24 h peak and current", async () => {
  const { deps, watched } = await world();
  const t = manualTimers();
  const sampler = new Sampler(deps, t.timers);
  sampler.start();
  clock = Date.parse("2026-11-19T00:00:00Z");
  const end = Date.parse("2026-11-20T12:00:00Z");
  while (clock <= end) {
    t.fn!();
    await sampler.runOnce();
    clock += 60 * 60_000;
  }
  clock = end;
  await sampler.stop();
  const rows = await samples(deps);
  expect(rows).toHaveLength(37);
  const day = (d: string) => rows.filter((r) => new Date(r.sampledAt).toISOString().startsWith(d));
  const max = (rs: typeof rows) => Math.max(...rs.map((r) => r.playerCount));

  const admin = {
    id: 0,
    name: "a",
    email: "a@x",
    role: "admin" as const,
    org_id: null,
    org_name: null,
    canCreateProjects: true,
  };
  const o = await getOverview(deps, admin, { projectId: watched.id, days: 7 });
  const today = o.playerMetrics.at(-1)!;
  const yesterday = o.playerMetrics.at(-2)!;
  expect(today).toEqual({
    date: "2026-11-20",
    dailyPeak: max(day("2026-11-20")),
    peak24h: max(rows.filter((r) => r.sampledAt > end - 86_400_000)),
    current: rows.at(-1)!.playerCount,
    samples: 13,
  });
  expect(yesterday).toMatchObject({ date: "2026-11-19", dailyPeak: max(day("2026-11-19")), samples: 24 });
  expect(o.summary.currentPlayers).toBe(rows.at(-1)!.playerCount);
  expect(o.summary.peakPlayers).toBe(max(rows));
  expect(o.playerMetrics.slice(0, 5).every((m) => m.samples === 0 && m.dailyPeak === 0)).toBe(true);
});
