import { describe, expect, test } from "bun:test";
import type { AppDeps } from "@server/deps";
import { claimQuota, claimUnowned } from "@server/features/nodes/lease-claims";
import {
  acquireLease,
  holdsLease,
  releaseLease,
  renewLeases,
  sharedFigures,
} from "@server/features/nodes/lease-store";
import { nodes, streamLeases, streams } from "@server/platform/db/schema";
import { makeOrg, makeProject, testDeps } from "@test/support/server";
import { eq } from "drizzle-orm";

const TTL = 15_000;

async function liveStreams(deps: AppDeps, n: number): Promise<number[]> {
  const org = await makeOrg(deps);
  const project = await makeProject(deps, { orgId: org.id });
  const rows = await deps.db
    .insert(streams)
    .values(
      Array.from({ length: n }, (_, i) => ({
        projectId: project.id,
        mediaName: `trailer-${i}.mp4`,
        destinationName: `Ingest ${i}`,
        destinationType: "custom",
        status: "running" as const,
      })),
    )
    .returning({ id: streams.id });
  return rows.map((r) => r.id);
}

async function beat(deps: AppDeps, name: string, at: number) {
  await deps.db
    .insert(nodes)
    .values({ name, startedAt: at, lastHeartbeatAt: at })
    .onConflictDoUpdate({ target: nodes.name, set: { lastHeartbeatAt: at } });
}

describe("stream leases", () => {
  test("a lease held by one node is refused to another until it expires, and a takeover raises the epoch", async () => {
    const deps = testDeps();
    const [id] = await liveStreams(deps, 1);
    const first = await acquireLease(deps.db, id!, "node-a", { now: 1_000, ttlMs: TTL });
    expect(first).toEqual({ streamId: id!, epoch: 1, expiresAt: 16_000 });
    expect(await acquireLease(deps.db, id!, "node-b", { now: 15_999, ttlMs: TTL })).toBeNull();
    const taken = await acquireLease(deps.db, id!, "node-b", { now: 16_001, ttlMs: TTL });
    expect(taken?.epoch).toBe(2);
    // The old owner, waking up, can neither renew nor pass the fence.
    expect(
      await renewLeases(deps.db, "node-a", [{ ...first!, figures: null }], { now: 16_002, ttlMs: TTL }),
    ).toEqual([]);
    expect(await holdsLease(deps.db, id!, "node-a", 1, 16_002)).toBe(false);
    expect(await holdsLease(deps.db, id!, "node-b", 2, 16_002)).toBe(true);
    // Its release names the old epoch and leaves the new owner's lease alone.
    await releaseLease(deps.db, { streamId: id!, epoch: 1 }, "node-a");
    expect(await holdsLease(deps.db, id!, "node-b", 2, 16_003)).toBe(true);
  });

  test("renewing keeps the epoch and moves the expiry; a node re-acquiring its own lease keeps the epoch", async () => {
    const deps = testDeps();
    const [id] = await liveStreams(deps, 1);
    const lease = (await acquireLease(deps.db, id!, "node-a", { now: 0, ttlMs: TTL }))!;
    const renewed = await renewLeases(deps.db, "node-a", [{ ...lease, figures: { fps: 30 } as never }], {
      now: 10_000,
      ttlMs: TTL,
    });
    expect(renewed).toEqual([{ streamId: id!, epoch: 1, expiresAt: 25_000 }]);
    expect((await acquireLease(deps.db, id!, "node-a", { now: 11_000, ttlMs: TTL }))?.epoch).toBe(1);
    // Every node reads the owner's figures while its lease runs, and none after it ended.
    expect((await sharedFigures(deps.db, [id!], 20_000)).get(id!)).toEqual({
      node: "node-a",
      figures: { fps: 30 } as never,
    });
    expect((await sharedFigures(deps.db, [id!], 30_000)).size).toBe(0);
  });

  test("one renewal of many leases gives each its own figures and skips the ones taken over", async () => {
    const deps = testDeps();
    const ids = await liveStreams(deps, 4);
    const clock = { now: 0, ttlMs: TTL };
    const leases = [];
    for (const id of ids) leases.push((await acquireLease(deps.db, id, "node-a", clock))!);
    // Node b takes the third stream over once node a's lease has run out.
    const taken = await acquireLease(deps.db, ids[2]!, "node-b", { now: 16_000, ttlMs: TTL });
    const figures = (i: number) => (i === 1 ? null : ({ fps: 30 + i, bitrate_kbps: 100 * i } as never));
    const renewed = await renewLeases(
      deps.db,
      "node-a",
      leases.map((l, i) => ({ ...l, figures: figures(i) })),
      { now: 16_001, ttlMs: TTL },
    );
    expect(renewed.map((r) => r.streamId).sort((a, b) => a - b)).toEqual(
      [ids[0]!, ids[1]!, ids[3]!].sort((a, b) => a - b),
    );
    expect(renewed.every((r) => r.epoch === 1 && r.expiresAt === 31_001)).toBe(true);
    const shared = await sharedFigures(deps.db, ids, 16_001);
    expect(shared.get(ids[0]!)).toEqual({ node: "node-a", figures: figures(0) });
    expect(shared.get(ids[1]!)).toEqual({ node: "node-a", figures: null });
    expect(shared.get(ids[3]!)).toEqual({ node: "node-a", figures: figures(3) });
    // The stream node b took keeps node b's lease, untouched by node a's renewal.
    expect(shared.get(ids[2]!)).toEqual({ node: "node-b", figures: null });
    const [row] = await deps.db.select().from(streamLeases).where(eq(streamLeases.streamId, ids[2]!));
    expect(row).toMatchObject({ node: "node-b", epoch: taken!.epoch, expiresAt: 31_000 });
  });

  test("two nodes claiming at the same moment never take the same stream", async () => {
    const deps = testDeps();
    const ids = await liveStreams(deps, 12);
    await beat(deps, "node-a", 1_000);
    await beat(deps, "node-b", 1_000);
    const request = (node: string) => ({ node, capacity: null, aliveSince: 0 });
    const clock = { now: 1_000, ttlMs: TTL };
    const [a, b] = await Promise.all([
      claimUnowned(deps.db, request("node-a"), clock),
      claimUnowned(deps.db, request("node-b"), clock),
    ]);
    const taken = [...a, ...b].map((l) => l.streamId);
    expect(new Set(taken).size).toBe(taken.length);
    expect(a.length).toBeLessThanOrEqual(6);
    expect(b.length).toBeLessThanOrEqual(6);
    // What one round left (a node skipped the rows the other held) the next round takes.
    await claimUnowned(deps.db, request("node-a"), { now: 2_000, ttlMs: TTL });
    await claimUnowned(deps.db, request("node-b"), { now: 2_000, ttlMs: TTL });
    const leases = await deps.db.select().from(streamLeases);
    expect(leases.map((l) => l.streamId).sort((x, y) => x - y)).toEqual(ids);
    expect(leases.filter((l) => l.node === "node-a").length).toBe(6);
  });

  test("a dead node's streams go to the least-loaded node first, within its capacity", async () => {
    const deps = testDeps();
    const ids = await liveStreams(deps, 9);
    for (const id of ids.slice(0, 3)) await acquireLease(deps.db, id, "busy", { now: 0, ttlMs: 60_000 });
    for (const id of ids.slice(3)) await acquireLease(deps.db, id, "dead", { now: 0, ttlMs: TTL });
    await beat(deps, "busy", 20_000);
    await beat(deps, "idle", 20_000);
    const clock = { now: 20_000, ttlMs: TTL };
    // Six orphans, nine streams over two nodes: the idle node takes five (its even share), the busy one two.
    const idle = await claimUnowned(deps.db, { node: "idle", capacity: null, aliveSince: 10_000 }, clock);
    expect(idle.length).toBe(5);
    expect(idle.every((l) => l.epoch === 2)).toBe(true);
    const busy = await claimUnowned(deps.db, { node: "busy", capacity: 4, aliveSince: 10_000 }, clock);
    expect(busy.length).toBe(1);
    expect(claimQuota(3, 4, 5)).toBe(1);
    expect(claimQuota(0, null, 5)).toBe(5);
    expect(claimQuota(6, null, 5)).toBe(0);
  });

  test("stopped streams are never claimed", async () => {
    const deps = testDeps();
    const [id] = await liveStreams(deps, 1);
    await deps.db.update(streams).set({ status: "stopped" });
    const claimed = await claimUnowned(
      deps.db,
      { node: "a", capacity: null, aliveSince: 0 },
      { now: 1, ttlMs: TTL },
    );
    expect(claimed).toEqual([]);
    expect(id).toBeGreaterThan(0);
  });
});
