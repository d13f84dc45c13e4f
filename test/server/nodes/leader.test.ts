import { describe, expect, test } from "bun:test";
import type { AppDeps } from "@server/deps";
import { LeaderKeeper, type SingletonWorker } from "@server/features/nodes/leader";
import { acquireRole, roleHolder } from "@server/features/nodes/leader-store";
import type { Db } from "@server/platform/db/client";
import { testDeps } from "@test/support/server";

// The background role's lease on a real database (SQLite, or PostgreSQL with TEST_DATABASE=postgres),
// on a clock the test moves: keepers tick when the test says, never on a timer.

const T0 = Date.UTC(2026, 3, 1, 12);
const TTL = 10_000;

/** A worker that records when it runs, and refuses to start twice without a stop between. */
function worker() {
  const w = {
    running: false,
    starts: 0,
    stops: 0,
    start() {
      if (w.running) throw new Error("started twice");
      w.running = true;
      w.starts++;
    },
    stop() {
      w.running = false;
      w.stops++;
    },
  };
  return w;
}

/** The database as a node sees it: `down` makes every statement fail, as with the network cut. */
function reachable(db: Db) {
  const state = { down: false };
  const proxied = new Proxy(db, {
    get(target, prop) {
      if (state.down && (prop === "insert" || prop === "update" || prop === "select"))
        throw new Error("connection refused");
      return Reflect.get(target, prop);
    },
  });
  return { db: proxied as Db, state };
}

function keeper(deps: AppDeps, node: string, clock: { t: number }, db: Db = deps.db) {
  const w = worker();
  const k = new LeaderKeeper({
    db,
    node,
    now: () => clock.t,
    workers: [w satisfies SingletonWorker],
    // Rounds only when the test ticks.
    setInterval: () => 1,
    clearInterval: () => {},
  });
  return { k, w };
}

/** At no moment the test can look do two nodes lead, or run the singletons. */
function expectOneAtMost(...nodes: { k: LeaderKeeper; w: { running: boolean } }[]) {
  expect(nodes.filter((n) => n.k.isLeader()).length).toBeLessThanOrEqual(1);
  expect(nodes.filter((n) => n.w.running).length).toBeLessThanOrEqual(1);
}

describe("the leader lease", () => {
  test("one statement decides: of two nodes asking at once, one gets the role", async () => {
    const deps = testDeps();
    for (let round = 0; round < 5; round++) {
      const now = T0 + round * 20_000;
      const got = await Promise.all(
        ["node-a", "node-b", "node-c"].map((n) => acquireRole(deps.db, "race", n, { now, ttlMs: TTL })),
      );
      expect(got.filter((g) => g !== null).length).toBe(1);
    }
  });

  test("a node that cannot renew stops its singletons before its lease ends; the other takes over after it", async () => {
    const deps = testDeps();
    const clock = { t: T0 };
    const netA = reachable(deps.db);
    const a = keeper(deps, "node-a", clock, netA.db);
    const b = keeper(deps, "node-b", clock);
    a.k.start();
    await a.k.tick();
    await a.k.settled();
    expect(a.k.isLeader()).toBe(true);
    expect(a.w.running).toBe(true);
    await b.k.tick();
    expect(b.k.isLeader()).toBe(false);
    expectOneAtMost(a, b);

    // node-a renews while it can; node-b keeps asking in vain.
    clock.t += 2_000;
    await a.k.tick();
    const renewedUntil = clock.t + TTL;
    await b.k.tick();
    expect(b.k.isLeader()).toBe(false);

    // node-a loses the database: its rounds fail, and it stops its singletons 3 s before the end.
    netA.state.down = true;
    for (; clock.t <= renewedUntil + 1_000; clock.t += 1_000) {
      await a.k.tick();
      await a.k.settled();
      await b.k.tick();
      await b.k.settled();
      expectOneAtMost(a, b);
      if (clock.t < renewedUntil - 3_000) expect(a.w.running).toBe(true);
      if (clock.t >= renewedUntil - 3_000) expect(a.w.running).toBe(false);
      if (clock.t <= renewedUntil) expect(b.k.isLeader()).toBe(false);
    }
    expect(b.k.isLeader()).toBe(true);
    expect(b.w.running).toBe(true);
    expect(await roleHolder(deps.db, "background", clock.t)).toBe("node-b");
    const epochB = b.k.epoch();
    expect(epochB).toBeGreaterThan(1);

    // node-a comes back: the role is node-b's and stays so.
    netA.state.down = false;
    await a.k.tick();
    await a.k.settled();
    expect(a.k.isLeader()).toBe(false);
    expect(a.w).toMatchObject({ running: false, starts: 1, stops: 1 });
    expectOneAtMost(a, b);
  });

  test("a node that froze past its lease stops its singletons at its first round, and does not take the role back", async () => {
    const deps = testDeps();
    const clock = { t: T0 };
    const a = keeper(deps, "node-a", clock);
    const b = keeper(deps, "node-b", clock);
    await a.k.tick();
    await a.k.settled();
    expect(a.w.running).toBe(true);
    // node-a sleeps through its lease; node-b takes over.
    clock.t += TTL + 1;
    await b.k.tick();
    await b.k.settled();
    expect(b.w.running).toBe(true);
    // The first thing node-a does on waking is look at its clock: its lease is over, its work stops.
    const round = a.k.tick();
    expect(a.k.isLeader()).toBe(false);
    await round;
    await a.k.settled();
    expect(a.w.running).toBe(false);
    expectOneAtMost(a, b);
  });

  test("a clean stop gives the role back: another node takes it at once, with a new epoch", async () => {
    const deps = testDeps();
    const clock = { t: T0 };
    const a = keeper(deps, "node-a", clock);
    const b = keeper(deps, "node-b", clock);
    await a.k.tick();
    const epochA = a.k.epoch()!;
    await a.k.stop();
    expect(a.w).toMatchObject({ running: false, stops: 1 });
    clock.t += 1;
    await b.k.tick();
    await b.k.settled();
    expect(b.k.isLeader()).toBe(true);
    expect(b.k.epoch()).toBe(epochA + 1);
    expect(b.w.running).toBe(true);
  });

  test("one node alone always leads, and renewing keeps its epoch and its workers running", async () => {
    const deps = testDeps();
    const clock = { t: T0 };
    const a = keeper(deps, "node-a", clock);
    for (let i = 0; i < 5; i++) {
      await a.k.tick();
      clock.t += 2_000;
    }
    await a.k.settled();
    expect(a.k.epoch()).toBe(1);
    expect(a.w).toMatchObject({ running: true, starts: 1, stops: 0 });
  });
});

describe("the leader lease on real timers", () => {
  test("two keepers on the real clock: one leads; when it stops renewing, the other leads after the lease ends", async () => {
    const deps = testDeps();
    const timings = { ttlMs: 600, renewMs: 50, selfStopMs: 200 };
    const make = (node: string) => {
      const net = reachable(deps.db);
      const w = worker();
      const k = new LeaderKeeper({ db: net.db, node, now: Date.now, workers: [w], timings });
      return { k, w, net };
    };
    const a = make("node-a");
    const b = make("node-b");
    a.k.start();
    const { waitUntil } = await import("@test/support/wait");
    await waitUntil(() => a.w.running, 5000, "node-a to lead");
    b.k.start();
    const seen: string[] = [];
    const watch = setInterval(() => {
      const leaders = [a, b].filter((n) => n.w.running).length;
      if (leaders > 1) seen.push("two leaders");
    }, 5);
    try {
      a.net.state.down = true;
      await waitUntil(() => b.w.running, 10_000, "node-b to lead");
      expect(a.w.running).toBe(false);
    } finally {
      clearInterval(watch);
      a.net.state.down = false;
      await a.k.stop();
      await b.k.stop();
    }
    expect(seen).toEqual([]);
  });
});
