import { describe, expect, test } from "bun:test";
import { acquireLease } from "@server/features/nodes/lease-store";
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
});
