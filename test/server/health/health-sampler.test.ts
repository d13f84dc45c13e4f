import { describe, expect, test } from "bun:test";
import { samplesOf } from "@server/features/health/sample-store";
import { HealthSampler, type HealthTimers } from "@server/features/health/sampler";
import { streams } from "@server/platform/db/schema";
import type { LiveFigures } from "@shared/schemas/streaming";
import { makeOrg, makeProject, testDeps } from "../../support/server";

// The sampler on a controlled clock and hand-driven timer, over a real SQLite file. The figures come
// from a table standing in for the supervisor's latest progress blocks.

const DAY = 24 * 3600_000;
const T0 = Date.UTC(2026, 0, 5, 12, 0, 0);

async function world() {
  let clock = T0;
  const deps = testDeps({}, { now: () => clock });
  const org = await makeOrg(deps);
  const project = await makeProject(deps, { orgId: org.id });
  const row = async (status: "running" | "starting" | "stopped") => {
    const [stream] = await deps.db
      .insert(streams)
      .values({
        projectId: project.id,
        mediaName: "a.mp4",
        destinationName: "d",
        destinationType: "custom",
        status,
      })
      .returning();
    return stream!;
  };
  const figures = new Map<number, LiveFigures>();
  let intervalMs = 0;
  let fire = () => {};
  const timers: HealthTimers = {
    setInterval: (fn, ms) => {
      fire = fn;
      intervalMs = ms;
      return 1;
    },
    clearInterval: () => {
      fire = () => {};
    },
  };
  const sampler = new HealthSampler({
    db: deps.db,
    now: () => clock,
    live: (id) => figures.get(id) ?? null,
    timers,
  });
  const advance = (ms: number) => {
    clock += ms;
  };
  return {
    deps,
    row,
    figures,
    sampler,
    advance,
    fire: () => fire(),
    /** The timer fires, and the pass it started is waited for (tick() joins a pass under way). */
    fired: () => {
      fire();
      return sampler.tick();
    },
    interval: () => intervalMs,
    at: () => clock,
  };
}

const live = (over: Partial<LiveFigures> = {}): LiveFigures => ({
  frame: 100,
  fps: 30,
  bitrate_kbps: 2500,
  speed: 1,
  out_time_seconds: 4,
  play_seconds: 4,
  dropped_frames: 0,
  dup_frames: 0,
  ...over,
});

describe("the health sampler", () => {
  test("idle until started; then every 10 s one row per running stream with figures", async () => {
    const w = await world();
    const running = await w.row("running");
    const starting = await w.row("starting");
    const stopped = await w.row("stopped");
    const noFigures = await w.row("running");
    for (const s of [running, starting, stopped]) w.figures.set(s.id, live());
    expect(w.interval()).toBe(0);
    w.sampler.start();
    expect(w.interval()).toBe(10_000);
    for (let i = 0; i < 3; i++) {
      w.advance(10_000);
      await w.fired();
    }
    expect(await samplesOf(w.deps.db, running.id, 0)).toHaveLength(3);
    for (const s of [starting, stopped, noFigures])
      expect(await samplesOf(w.deps.db, s.id, 0)).toHaveLength(0);
    await w.sampler.stop();
    w.advance(10_000);
    w.fire();
    expect(await samplesOf(w.deps.db, running.id, 0)).toHaveLength(3);
  });

  test("rows hold the drops and duplicates since the previous row, also across an ffmpeg restart", async () => {
    const w = await world();
    const s = await w.row("running");
    const totals = [
      [0, 0],
      [5, 1],
      [12, 1],
      [3, 0], // a new ffmpeg run counts from zero
    ];
    for (const [dropped, dup] of totals) {
      w.figures.set(s.id, live({ dropped_frames: dropped, dup_frames: dup }));
      w.advance(10_000);
      await w.sampler.tick();
    }
    const rows = await samplesOf(w.deps.db, s.id, 0);
    expect(rows.map((r) => [r.dropped, r.dup])).toEqual([
      [0, 0],
      [5, 1],
      [7, 0],
      [3, 0],
    ]);
  });

  test("after a day raw samples fold into 5-minute rows; after 30 days they are gone", async () => {
    const w = await world();
    const s = await w.row("running");
    // One hour of samples, bitrate rising 1 kbps a sample, a drop every minute.
    for (let i = 0; i < 360; i++) {
      w.figures.set(
        s.id,
        live({ bitrate_kbps: 1000 + i, fps: i % 2 ? 30 : 28, dropped_frames: Math.floor(i / 6) }),
      );
      await w.sampler.tick();
      w.advance(10_000);
    }
    expect(await samplesOf(w.deps.db, s.id, 0)).toHaveLength(360);
    const hourEnd = w.at();
    w.figures.clear();
    w.advance(DAY + 10 * 60_000);
    await w.sampler.tick();
    const folded = await samplesOf(w.deps.db, s.id, 0);
    expect(folded).toHaveLength(12);
    expect(folded.every((r) => r.span === 300)).toBe(true);
    const first = folded[0]!;
    expect(first.bitrateMin).toBeLessThan(first.bitrateKbps);
    expect(first.bitrateMax).toBeGreaterThan(first.bitrateKbps);
    expect(first.fpsMin).toBe(28);
    expect(first.fpsMax).toBe(30);
    expect(folded.reduce((n, r) => n + r.dropped, 0)).toBe(59);
    // Folding again changes nothing.
    w.advance(2 * 3600_000);
    await w.sampler.tick();
    expect(await samplesOf(w.deps.db, s.id, 0)).toEqual(folded);
    w.advance(hourEnd + 30 * DAY - w.at() + 60_000);
    await w.sampler.tick();
    expect(await samplesOf(w.deps.db, s.id, 0)).toHaveLength(0);
  });
});
