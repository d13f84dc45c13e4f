import { afterEach, describe, expect, test } from "bun:test";
import type { AppDeps } from "@server/deps";
import { NodeLeases, type NodeLeasesHost } from "@server/features/nodes";
import { nodes, streamLeases, streams, streamUnreadable } from "@server/platform/db/schema";
import { localSignals } from "@server/platform/db/signals";
import { UNREADABLE_RETRY_MS } from "@shared/schemas/nodes";
import { makeOrg, makeProject, testDeps } from "@test/support/server";
import { waitUntil } from "@test/support/wait";

// Two nodes on one database, the first unable to read a stream's media (a mount missing on its
// machine). Their leases are the real ones; what each node would run is a stand-in that records it.

const running: NodeLeases[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((l) => l.stop()));
});

async function liveStream(deps: AppDeps): Promise<number> {
  const org = await makeOrg(deps);
  const project = await makeProject(deps, { orgId: org.id });
  const [row] = await deps.db
    .insert(streams)
    .values({
      projectId: project.id,
      mediaName: "trailer.mp4",
      destinationName: "Ingest",
      destinationType: "custom",
      status: "starting",
    })
    .returning({ id: streams.id });
  return row!.id;
}

async function beat(deps: AppDeps, name: string, at: number) {
  await deps.db
    .insert(nodes)
    .values({ name, startedAt: at, lastHeartbeatAt: at })
    .onConflictDoUpdate({ target: nodes.name, set: { lastHeartbeatAt: at } });
}

function node(deps: AppDeps, name: string, clock: { now: number }, signals = localSignals()) {
  const takenOver: number[] = [];
  const host: NodeLeasesHost = {
    local: () => [],
    letGo: () => {},
    takeOver: async (id) => void takenOver.push(id),
    stop: async () => {},
    changed: async () => {},
  };
  const leases = new NodeLeases({
    db: deps.db,
    node: name,
    capacity: null,
    now: () => clock.now,
    signals,
    host: () => host,
  });
  return { leases, takenOver };
}

describe("a node that cannot read a stream's media", () => {
  test("records it, gives the lease back, and the other node claims the stream; it stays off it for a while", async () => {
    const deps = testDeps();
    const id = await liveStream(deps);
    const clock = { now: 1_000_000 };
    await beat(deps, "eu-1", clock.now);
    await beat(deps, "eu-2", clock.now);
    const signals = localSignals();
    const a = node(deps, "eu-1", clock, signals);
    const b = node(deps, "eu-2", clock, signals);
    running.push(a.leases, b.leases);
    await Promise.all([a.leases.start(), b.leases.start()]);

    expect(await a.leases.acquire(id)).toBe(true);
    expect(await a.leases.cannotRead(id, "trailer.mp4")).toBe("handed");
    expect(await deps.db.select().from(streamUnreadable)).toEqual([
      { streamId: id, node: "eu-1", file: "trailer.mp4", at: clock.now },
    ]);
    expect(a.leases.keeper.epochOf(id)).toBeUndefined();
    // The claim signal reaches both nodes: the one that can read takes the stream, the other does not.
    await waitUntil(() => b.takenOver.includes(id), 5_000, "the other node to take the stream over");
    expect(a.takenOver).toEqual([]);
    expect((await deps.db.select().from(streamLeases)).map((l) => l.node)).toEqual(["eu-2"]);

    // The node holding it goes away: while its word is fresh, the node that cannot read leaves it waiting.
    await deps.db.delete(streamLeases);
    await a.leases.keeper.claim();
    expect(a.takenOver).toEqual([]);
    // Its word has aged out (a mount put right is tried again): it claims the stream like any other.
    clock.now += UNREADABLE_RETRY_MS + 1;
    await beat(deps, "eu-1", clock.now);
    await a.leases.keeper.claim();
    expect(a.takenOver).toEqual([id]);
  });

  test("when every node that is up cannot read it, the last one is told it is nowhere to run", async () => {
    const deps = testDeps();
    const id = await liveStream(deps);
    const clock = { now: 2_000_000 };
    await beat(deps, "eu-1", clock.now);
    await beat(deps, "eu-2", clock.now);
    // A node that is down does not count: it cannot take the stream.
    await beat(deps, "eu-3", clock.now - 60_000);
    const a = node(deps, "eu-1", clock);
    const b = node(deps, "eu-2", clock);
    expect(await a.leases.acquire(id)).toBe(true);
    expect(await a.leases.cannotRead(id, "trailer.mp4")).toBe("handed");
    expect(await b.leases.acquire(id)).toBe(true);
    expect(await b.leases.cannotRead(id, "trailer.mp4")).toBe("nowhere");
    // The last node keeps its lease: the failure is written under it, then the lease goes back.
    expect(b.leases.keeper.epochOf(id)).toBeDefined();
    const said = await deps.db.select().from(streamUnreadable);
    expect(said.map((m) => m.node).sort()).toEqual(["eu-1", "eu-2"]);
  });

  test("a node alone on the database has no one to hand the stream to", async () => {
    const deps = testDeps();
    const id = await liveStream(deps);
    const clock = { now: 3_000_000 };
    await beat(deps, "eu-1", clock.now);
    const a = node(deps, "eu-1", clock);
    expect(await a.leases.othersUp()).toBe(false);
    expect(await a.leases.acquire(id)).toBe(true);
    expect(await a.leases.cannotRead(id, "trailer.mp4")).toBe("nowhere");
  });

  test("an edit of the stream's playlist clears every node's word, so each may try the new media", async () => {
    const deps = testDeps();
    const id = await liveStream(deps);
    const clock = { now: 4_000_000 };
    await beat(deps, "eu-1", clock.now);
    await beat(deps, "eu-2", clock.now);
    const a = node(deps, "eu-1", clock);
    await a.leases.acquire(id);
    expect(await a.leases.cannotRead(id, "trailer.mp4")).toBe("handed");
    await a.leases.changedElsewhere(id);
    expect(await deps.db.select().from(streamUnreadable)).toEqual([]);
    await a.leases.keeper.claim();
    expect(a.takenOver).toEqual([id]);
  });
});
