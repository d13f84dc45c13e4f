import { describe, expect, test } from "bun:test";
import { insertSample } from "@server/features/health/sample-store";
import {
  closeIntent,
  closeLeftOpenRuns,
  openIntent,
  startRun,
  wentLive,
} from "@server/features/streaming/uptime-store";
import { destinationIntents, destinations, liveRuns, streams } from "@server/platform/db/schema";
import { UPTIME_MIN_INTENDED_SECONDS } from "@shared/limits";
import { STREAMING } from "@shared/messages/streaming";
import { TRPCError } from "@trpc/server";
import { makeOrg, makeProject, makeUser, testDeps } from "../../support/server";
import { signedInCaller } from "../streaming/streaming-fixtures";

// The uptime record's writes (intents, runs left open by a crash) and the tRPC side of the reads.

const T = Date.UTC(2026, 3, 1, 10, 0, 0);

async function world() {
  const deps = testDeps({}, { now: () => T });
  const org = await makeOrg(deps);
  const project = await makeProject(deps, { orgId: org.id });
  const dest = (
    await deps.db
      .insert(destinations)
      .values({ projectId: project.id, name: "Steam", rtmpUrl: "rtmp://127.0.0.1/app" })
      .returning()
  )[0]!;
  const stream = async () =>
    (
      await deps.db
        .insert(streams)
        .values({
          projectId: project.id,
          destinationId: dest.id,
          mediaName: "a.mp4",
          destinationName: "Steam",
          destinationType: "steam",
          status: "running",
        })
        .returning()
    )[0]!;
  return { deps, org, project, dest, stream };
}

describe("the uptime record", () => {
  test("a start replacing an open intent closes it; a stop closes the open one only", async () => {
    const w = await world();
    await openIntent(w.deps.db, w.dest.id, "user", T);
    await openIntent(w.deps.db, w.dest.id, "schedule", T + 1000);
    await closeIntent(w.deps.db, w.dest.id, T + 5000);
    await closeIntent(w.deps.db, w.dest.id, T + 9000);
    const rows = await w.deps.db.select().from(destinationIntents);
    expect(rows.map((r) => [r.source, r.startedAt - T, (r.endedAt ?? 0) - T])).toEqual([
      ["user", 0, 1000],
      ["schedule", 1000, 5000],
    ]);
  });

  test("runs a crash left open end at their stream's last health sample, or at their start", async () => {
    const w = await world();
    const sampled = await w.stream();
    const silent = await w.stream();
    await startRun(w.deps.db, sampled.id, T);
    await startRun(w.deps.db, silent.id, T);
    const reading = { bitrateKbps: 1, fps: 30, speed: 1, dropped: 0, dup: 0 };
    await insertSample(w.deps.db, sampled.id, T + 40_000, reading);
    await insertSample(w.deps.db, sampled.id, T + 50_000, reading);
    expect(await closeLeftOpenRuns(w.deps.db)).toBe(2);
    const ends = (await w.deps.db.select().from(liveRuns)).map((r) => [r.streamId, r.endedAt! - T]);
    expect(ends).toEqual([
      [sampled.id, 50_000],
      [silent.id, 0],
    ]);
    expect(await closeLeftOpenRuns(w.deps.db)).toBe(0);
  });

  test("over tRPC: bad days refused, another studio's destination not found, its worst uptime not shown", async () => {
    const w = await world();
    await openIntent(w.deps.db, w.dest.id, "user", T - 3600_000);
    const own = await makeUser(w.deps, { orgId: w.org.id, role: "viewer" });
    const asOwn = await signedInCaller(w.deps, own.id);
    expect((await asOwn.health.uptime({ destinationId: w.dest.id, days: 1 })).intended_seconds).toBe(3600);
    expect((await asOwn.health.worstUptime())?.destination_id).toBe(w.dest.id);
    for (const days of [0, 31, 1.5]) {
      const err = await asOwn.health.uptime({ destinationId: w.dest.id, days }).catch((e) => e);
      expect(err).toBeInstanceOf(TRPCError);
      expect(err.code).toBe("BAD_REQUEST");
    }
    const other = await makeOrg(w.deps);
    const stranger = await makeUser(w.deps, { orgId: other.id, role: "manager" });
    const asStranger = await signedInCaller(w.deps, stranger.id);
    await expect(asStranger.health.uptime({ destinationId: w.dest.id, days: 7 })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: STREAMING.destinationNotFound,
    });
    expect(await asStranger.health.worstUptime()).toBeNull();
    const [s] = (await w.deps.db.select().from(streams)).concat(await w.stream());
    await expect(asStranger.health.streamHealth({ streamId: s!.id, hours: 1 })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  test("the lowest uptime leaves out a destination meant to be live for less than the stated minimum", async () => {
    const w = await world();
    // A 40-second test against a closed port: intended, never live.
    const trial = (
      await w.deps.db
        .insert(destinations)
        .values({ projectId: w.project.id, name: "Trial", rtmpUrl: "rtmp://127.0.0.1/app" })
        .returning()
    )[0]!;
    await openIntent(w.deps.db, trial.id, "user", T - 40_000);
    await closeIntent(w.deps.db, trial.id, T);
    // The week-long broadcast: an hour intended, half of it live.
    await openIntent(w.deps.db, w.dest.id, "user", T - 3600_000);
    const run = await w.stream();
    await startRun(w.deps.db, run.id, T - 1800_000);
    const admin = await makeUser(w.deps, { orgId: w.org.id, role: "admin" });
    const caller = await signedInCaller(w.deps, admin.id);
    expect(await caller.health.uptime({ destinationId: trial.id, days: 7 })).toMatchObject({
      uptime_percent: 0,
      intended_seconds: 40,
    });
    expect(await caller.health.worstUptime()).toMatchObject({
      destination_id: w.dest.id,
      uptime_percent: 50,
    });
    expect(UPTIME_MIN_INTENDED_SECONDS).toBe(600);
  });

  test("a stream record says whether the stream ever sent a frame", async () => {
    const w = await world();
    const never = await w.stream();
    const went = await w.stream();
    await startRun(w.deps.db, went.id, T - 1000);
    expect([
      await wentLive(w.deps.db, never.id, w.dest.id),
      await wentLive(w.deps.db, went.id, w.dest.id),
    ]).toEqual([false, true]);
    // Its destination deleted (the runs went with it): the record cannot tell.
    expect(await wentLive(w.deps.db, never.id, null)).toBeNull();
  });
});
