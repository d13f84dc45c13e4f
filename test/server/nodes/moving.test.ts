import { describe, expect, test } from "bun:test";
import { acquireLease, renewLeases } from "@server/features/nodes/lease-store";
import { dialect } from "@server/platform/db/dialect";
import { destinations, streams } from "@server/platform/db/schema";
import { callerFor, makeOrg, makeProject, makeUser, testDeps } from "@test/support/server";

// Leases exist only where nodes share a PostgreSQL database; on SQLite a stream never moves.
describe.skipIf(dialect !== "postgres")("a live stream whose node stopped answering", () => {
  test("reads as moving until another node holds its lease, then by its new node", async () => {
    let now = 100_000;
    const deps = testDeps({}, { now: () => now });
    const org = await makeOrg(deps);
    const user = await makeUser(deps, { orgId: org.id, role: "viewer" });
    const project = await makeProject(deps, { orgId: org.id });
    const [d] = await deps.db
      .insert(destinations)
      .values({ projectId: project.id, name: "Ingest", type: "custom", rtmpUrl: "rtmp://127.0.0.1/live" })
      .returning();
    const [s] = await deps.db
      .insert(streams)
      .values({
        projectId: project.id,
        destinationId: d!.id,
        mediaName: "t.mp4",
        destinationName: "Ingest",
        destinationType: "custom",
        status: "running",
        node: "eu-1",
      })
      .returning();
    await acquireLease(deps.db, s!.id, "eu-1", { now, ttlMs: 10_000 });
    const caller = await callerFor(deps, user.email);
    const card = async () => (await caller.streaming.destinations({ projectId: project.id }))[0]!;
    expect(await card()).toMatchObject({ stream_node: "eu-1", stream_moving: false });
    now += 10_001;
    expect(await card()).toMatchObject({ stream_node: "eu-1", stream_moving: true });
    await acquireLease(deps.db, s!.id, "eu-2", { now, ttlMs: 10_000 });
    expect((await card()).stream_moving).toBe(false);
  });

  test("the stream list shows the figures each other node wrote with its renewal, and none once stale", async () => {
    let now = 100_000;
    const deps = testDeps({}, { now: () => now });
    const org = await makeOrg(deps);
    const user = await makeUser(deps, { orgId: org.id, role: "viewer" });
    const project = await makeProject(deps, { orgId: org.id });
    const figures = (fps: number) => ({
      frame: 100,
      fps,
      bitrate_kbps: 6000,
      speed: 1,
      out_time_seconds: 4,
      play_seconds: 4,
      dropped_frames: 0,
      dup_frames: 0,
    });
    const ids: number[] = [];
    for (const [name, node] of [
      ["One", "eu-1"],
      ["Two", "eu-2"],
    ] as const) {
      const [d] = await deps.db
        .insert(destinations)
        .values({ projectId: project.id, name, type: "custom", rtmpUrl: "rtmp://127.0.0.1/live" })
        .returning();
      const [s] = await deps.db
        .insert(streams)
        .values({
          projectId: project.id,
          destinationId: d!.id,
          mediaName: "t.mp4",
          destinationName: name,
          destinationType: "custom",
          status: "running",
          node,
        })
        .returning();
      const lease = await acquireLease(deps.db, s!.id, node, { now, ttlMs: 10_000 });
      await renewLeases(deps.db, node, [{ ...lease!, figures: figures(node === "eu-1" ? 30 : 25) }], {
        now,
        ttlMs: 10_000,
      });
      ids.push(s!.id);
    }
    const caller = await callerFor(deps, user.email);
    const fps = async () => {
      const { streams: list } = await caller.streaming.status({ projectId: project.id });
      return ids.map((id) => list.find((r) => r.id === id)?.live?.fps ?? null);
    };
    expect(await fps()).toEqual([30, 25]);
    // Older than 3 s: the owning node has missed a renewal, and its figures say nothing of now.
    now += 3_001;
    expect(await fps()).toEqual([null, null]);
  });
});
