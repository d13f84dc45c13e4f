import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createDeps } from "@server/deps";
import { Scheduler } from "@server/features/schedules/scheduler";
import { loadEnv } from "@server/platform/env";
import { isLive } from "@shared/schemas/streaming";
import { type NginxRtmp, startNginxRtmp } from "../../fakes/nginx-rtmp";
import { freePort } from "../../fakes/rtmp-receiver";
import { testDeps } from "../../support/server";
import { waitUntil } from "../../support/wait";
import { ManualTimers, realSupervisor, schedulerWorld } from "./scheduler-fixtures";

// The scheduler on a clock the test moves, with real ffmpeg publishing to nginx-rtmp.

let nginx: NginxRtmp;
beforeAll(async () => {
  nginx = await startNginxRtmp();
}, 30_000);
afterAll(async () => {
  await nginx.stop();
});

const T0 = Date.parse("2026-12-01T18:00:00Z");
const iso = (ms: number) => new Date(ms).toISOString();

async function setup() {
  const clock = { now: T0 - 10_000 };
  const deps = testDeps({}, { now: () => clock.now });
  return { clock, ...(await schedulerWorld(deps, nginx.rtmpUrl)) };
}

const published = (key: string, call = "publish") =>
  nginx.events.some((e) => e.key === key && e.call === call);

describe("the scheduler", () => {
  test("starts a window's stream at its first tick inside the window and stops it at the first tick after", async () => {
    const w = await setup();
    const d = await w.destination();
    const win = await (await w.asDev()).schedules.create({
      destination_id: d.id,
      starts_at: iso(T0),
      ends_at: iso(T0 + 60_000),
      media_id: w.media.id,
    });
    await w.scheduler.tick();
    expect(await w.streamsOf(d.id)).toEqual([]);
    w.clock.now = T0 + 1000;
    await w.scheduler.tick();
    const [run] = await w.streamsOf(d.id);
    expect(run).toMatchObject({ scheduleId: win.id, startedBy: null });
    expect(isLive(run!.status)).toBe(true);
    await waitUntil(() => published(d.streamKey), 10_000, "the publish at nginx");
    expect(w.events.map((e) => e.type)).toEqual(["schedule.started"]);
    expect(w.events[0]).toMatchObject({
      destinationId: d.id,
      destinationName: d.name,
      scheduleId: win.id,
      streamId: run!.id,
    });
    const [card] = await (await w.asDev()).streaming.destinations({ projectId: w.project.id });
    expect(card!.next_schedule).toEqual({ action: "stop", at: T0 + 60_000 });

    w.clock.now = T0 + 61_000;
    await w.scheduler.tick();
    expect((await w.streamsOf(d.id))[0]!.status).toBe("stopped");
    await waitUntil(() => published(d.streamKey, "publish_done"), 10_000, "the unpublish at nginx");
    expect(w.events.map((e) => e.type)).toEqual(["schedule.started", "schedule.ended"]);
  }, 30_000);

  test("a window starting where another ends takes the destination over in the same tick", async () => {
    const w = await setup();
    const d = await w.destination();
    const first = await (await w.asDev()).schedules.create({
      destination_id: d.id,
      starts_at: iso(T0),
      ends_at: iso(T0 + 60_000),
      media_id: w.media.id,
    });
    const second = await (await w.asDev()).schedules.create({
      destination_id: d.id,
      starts_at: iso(T0 + 60_000),
      ends_at: iso(T0 + 120_000),
      media_id: w.media.id,
    });
    w.clock.now = T0 + 1000;
    await w.scheduler.tick();
    w.clock.now = T0 + 61_000;
    await w.scheduler.tick();
    const runs = await w.streamsOf(d.id);
    expect(runs.map((r) => r.scheduleId)).toEqual([first.id, second.id]);
    expect(runs[0]!.status).toBe("stopped");
    expect(isLive(runs[1]!.status)).toBe(true);
    expect(w.events.map((e) => [e.type, e.scheduleId])).toEqual([
      ["schedule.started", first.id],
      ["schedule.ended", first.id],
      ["schedule.started", second.id],
    ]);
    await (await w.asDev()).streaming.stop({ streamId: runs[1]!.id });
  }, 30_000);

  test("never double-starts a destination that is already live, and leaves a person's stream alone", async () => {
    const w = await setup();
    const d = await w.destination();
    await (await w.asDev()).schedules.create({
      destination_id: d.id,
      starts_at: iso(T0),
      ends_at: iso(T0 + 60_000),
      media_id: w.media.id,
    });
    const manual = await (await w.asDev()).streaming.start({ destinationId: d.id, mediaId: w.media.id });
    w.clock.now = T0 + 1000;
    await w.scheduler.tick();
    w.clock.now = T0 + 2000;
    await w.scheduler.tick();
    expect((await w.streamsOf(d.id)).map((s) => s.id)).toEqual([manual.id]);
    w.clock.now = T0 + 61_000;
    await w.scheduler.tick();
    expect(isLive((await w.streamsOf(d.id))[0]!.status)).toBe(true);
    expect(w.events).toEqual([]);
    await (await w.asDev()).streaming.stop({ streamId: manual.id });
  }, 30_000);

  test("a manual stop inside a window holds until the next window", async () => {
    const w = await setup();
    const d = await w.destination();
    const every = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
    await (await w.asDev()).schedules.create({
      destination_id: d.id,
      days: [...every],
      from: "18:00",
      to: "18:30",
      timezone: "UTC",
      media_id: w.media.id,
    });
    w.clock.now = T0 + 1000;
    await w.scheduler.tick();
    const [run] = await w.streamsOf(d.id);
    await (await w.asDev()).streaming.stop({ streamId: run!.id });
    for (const later of [5_000, 120_000, 29 * 60_000]) {
      w.clock.now = T0 + later;
      await w.scheduler.tick();
    }
    expect((await w.streamsOf(d.id)).length).toBe(1);
    const [card] = await (await w.asDev()).streaming.destinations({ projectId: w.project.id });
    expect(card!.next_schedule).toEqual({ action: "start", at: T0 + 86_400_000 });
    w.clock.now = T0 + 86_400_000 + 1000;
    await w.scheduler.tick();
    const runs = await w.streamsOf(d.id);
    expect(runs.length).toBe(2);
    expect(isLive(runs[1]!.status)).toBe(true);
    await w.deps.supervisor.stop(runs[1]!.id);
  }, 30_000);

  test("a new scheduler on the same database starts a window in progress at once", async () => {
    const w = await setup();
    const d = await w.destination();
    await (await w.asDev()).schedules.create({
      destination_id: d.id,
      starts_at: iso(T0),
      ends_at: iso(T0 + 600_000),
      media_id: w.media.id,
    });
    w.clock.now = T0 + 1000;
    await w.scheduler.tick();
    // The server goes down gracefully mid-window: its streams are stopped and recorded.
    await w.deps.supervisor.shutdown();
    expect((await w.streamsOf(d.id))[0]!.status).toBe("stopped");

    w.clock.now = T0 + 120_000;
    // The same database: the same SQLite file, or the same PostgreSQL database.
    const database = w.deps.env.DATABASE_URL ? { DATABASE_URL: w.deps.env.DATABASE_URL } : {};
    const next = createDeps(loadEnv({ DATA_DIR: w.deps.env.DATA_DIR, ...database }), {
      now: () => w.clock.now,
    });
    realSupervisor(next);
    await next.supervisor.reconcile();
    const timers = new ManualTimers();
    const scheduler = new Scheduler(next, timers);
    scheduler.start();
    expect(timers.installed).toBe(1);
    const run = await waitUntil(
      async () => (await w.streamsOf(d.id)).find((s) => isLive(s.status)),
      5000,
      "the resumed window",
    );
    expect(run.scheduleId).not.toBeNull();
    await scheduler.stop();
    await next.supervisor.stop(run.id);
    await next.closeDb();
  }, 30_000);

  test("a weekly Pacific window starts at its wall-clock time on both sides of each DST change", async () => {
    const w = await setup();
    const d = await w.destination();
    await (await w.asDev()).schedules.create({
      destination_id: d.id,
      days: ["sun"],
      from: "10:00",
      to: "10:10",
      timezone: "America/Los_Angeles",
      media_id: w.media.id,
    });
    const cases = [
      // 2026-11-01, fall-back: 10:00 is 18:00Z; at 17:00Z the clock still reads 09:00.
      { early: "2026-11-01T17:00:30Z", start: "2026-11-01T18:00:01Z", end: "2026-11-01T18:10:01Z" },
      // 2027-03-14, spring-forward: 10:00 is 17:00Z.
      { early: "2027-03-14T16:00:30Z", start: "2027-03-14T17:00:01Z", end: "2027-03-14T17:10:01Z" },
    ];
    for (const c of cases) {
      const before = (await w.streamsOf(d.id)).length;
      w.clock.now = Date.parse(c.early);
      await w.scheduler.tick();
      expect((await w.streamsOf(d.id)).length).toBe(before);
      w.clock.now = Date.parse(c.start);
      await w.scheduler.tick();
      expect((await w.streamsOf(d.id)).length).toBe(before + 1);
      w.clock.now = Date.parse(c.end);
      await w.scheduler.tick();
      expect((await w.streamsOf(d.id)).at(-1)!.status).toBe("stopped");
    }
  }, 30_000);

  test("a window whose stream fails for good is started again, at most once a minute", async () => {
    const w = await setup();
    const d = await w.destination(`rtmp://127.0.0.1:${freePort()}/live`);
    await (await w.asDev()).schedules.create({
      destination_id: d.id,
      starts_at: iso(T0),
      ends_at: iso(T0 + 600_000),
      media_id: w.media.id,
    });
    w.clock.now = T0 + 1000;
    await w.scheduler.tick();
    await waitUntil(
      async () => (await w.streamsOf(d.id))[0]?.status === "error",
      10_000,
      "the first run to fail",
    );
    w.clock.now = T0 + 30_000;
    await w.scheduler.tick();
    expect((await w.streamsOf(d.id)).length).toBe(1);
    w.clock.now = T0 + 61_000;
    await w.scheduler.tick();
    expect((await w.streamsOf(d.id)).length).toBe(2);
    await waitUntil(
      async () => (await w.streamsOf(d.id))[1]?.status === "error",
      10_000,
      "the second run to fail",
    );
    expect(w.events.filter((e) => e.type === "schedule.started").length).toBe(1);
  }, 30_000);
});
