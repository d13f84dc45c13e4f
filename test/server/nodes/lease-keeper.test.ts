import { describe, expect, test } from "bun:test";
import type { AppDeps } from "@server/deps";
import { type LeaseHost, LeaseKeeper } from "@server/features/nodes/lease-keeper";
import { acquireLease } from "@server/features/nodes/lease-store";
import type { Db } from "@server/platform/db/client";
import { streams } from "@server/platform/db/schema";
import { makeOrg, makeProject, testDeps } from "@test/support/server";

async function liveStream(deps: AppDeps): Promise<number> {
  const org = await makeOrg(deps);
  const project = await makeProject(deps, { orgId: org.id });
  const [row] = await deps.db
    .insert(streams)
    .values({
      projectId: project.id,
      mediaName: "t.mp4",
      destinationName: "I",
      destinationType: "custom",
      status: "running",
    })
    .returning({ id: streams.id });
  return row!.id;
}

/** The streams a node runs, as the supervisor would report them. */
function hostOf(running: Map<number, number>): LeaseHost & { letGoes: string[]; takenOver: number[] } {
  const letGoes: string[] = [];
  const takenOver: number[] = [];
  return {
    letGoes,
    takenOver,
    local: () => [...running].map(([streamId, pid]) => ({ streamId, pid, figures: null })),
    async takeOver(streamId) {
      takenOver.push(streamId);
      running.set(streamId, 1000 + streamId);
    },
    letGo(streamId, reason) {
      letGoes.push(`${streamId}:${reason}`);
      running.delete(streamId);
    },
  };
}

describe("the lease keeper", () => {
  test("renews what it runs, guards each ffmpeg's deadline, and lets go of a stream another node took", async () => {
    const deps = testDeps();
    const id = await liveStream(deps);
    let now = 1_000;
    const guarded: [number, number][] = [];
    const host = hostOf(new Map([[id, 4242]]));
    const keeper = new LeaseKeeper({
      db: deps.db,
      node: "a",
      capacity: null,
      now: () => now,
      host,
      deadlines: { guard: (pid, at) => guarded.push([pid, at]), release: () => {} },
    });
    expect(await keeper.acquire(id)).toBe(true);
    now = 3_000;
    await keeper.renew();
    expect(guarded.at(-1)).toEqual([4242, 3_000 + keeper.timings.ttlMs - keeper.timings.watchdogMs]);
    expect(host.letGoes).toEqual([]);
    // Frozen past its lease: node b takes the stream over; node a, waking, stops its copy.
    now = 20_000;
    expect((await acquireLease(deps.db, id, "b", { now, ttlMs: 10_000 }))?.epoch).toBe(2);
    await keeper.renew();
    expect(host.letGoes).toEqual([`${id}:lease lost`]);
    expect(keeper.epochOf(id)).toBeUndefined();
  });

  test("with the database out of reach it stops its streams before their leases end, not sooner", async () => {
    const deps = testDeps();
    const id = await liveStream(deps);
    let now = 0;
    const host = hostOf(new Map([[id, 7]]));
    const lines: string[] = [];
    let reachable = true;
    const db = new Proxy(deps.db, {
      get(target, key, receiver) {
        // Every way to the database fails, as when PostgreSQL is out of reach.
        if (!reachable && ["transaction", "select", "insert", "update", "delete"].includes(String(key))) {
          return () => {
            throw new Error("connection refused");
          };
        }
        return Reflect.get(target, key, receiver);
      },
    }) as Db;
    const keeper = new LeaseKeeper({
      db,
      node: "a",
      capacity: null,
      now: () => now,
      host,
      log: (l) => lines.push(l),
    });
    await keeper.acquire(id);
    reachable = false;
    now = keeper.timings.ttlMs - keeper.timings.selfStopMs - 1;
    await keeper.renew();
    expect(host.letGoes).toEqual([]);
    now = keeper.timings.ttlMs - keeper.timings.selfStopMs;
    await keeper.renew();
    expect(host.letGoes).toEqual([`${id}:database unreachable`]);
    expect(lines.some((l) => l.includes("the database cannot be reached"))).toBe(true);
  });

  test("claims a stream nobody runs and starts it here", async () => {
    const deps = testDeps();
    const id = await liveStream(deps);
    const host = hostOf(new Map());
    const keeper = new LeaseKeeper({ db: deps.db, node: "a", capacity: null, now: () => 5_000, host });
    await keeper.claim();
    expect(host.takenOver).toEqual([id]);
    expect(keeper.epochOf(id)).toBe(1);
    await keeper.claim();
    expect(host.takenOver).toEqual([id]);
  });
});
