import { describe, expect, test } from "bun:test";
import { StartGate } from "@server/features/streaming/start-gate";
import { CpuMeter } from "@server/platform/process/cpu-meter";
import { waitUntil } from "../../support/wait";

// The start-up gate: every start at once while the CPU has room, `busyMax` at a time under load.

function recorder(gate: StartGate) {
  const order: number[] = [];
  const releases: (() => void)[] = [];
  const take = (n: number) =>
    gate.acquire().then((release) => {
      order.push(n);
      releases.push(release);
    });
  return { order, releases, take };
}

describe("start gate", () => {
  test("with the CPU free, a burst goes through at once, up to freeMax", async () => {
    const gate = new StartGate({ busyMax: 2, freeMax: 10, cpuBusy: () => false });
    const { order, releases, take } = recorder(gate);
    const all = Array.from({ length: 12 }, (_, i) => take(i + 1));
    await waitUntil(() => order.length === 10, 2000, "ten starts");
    expect(order).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    releases[0]!();
    releases[1]!();
    await Promise.all(all);
    expect(order).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(gate.running).toBe(10);
  });

  test("under load: busyMax through, then one per release, in arrival order; double release is harmless", async () => {
    const gate = new StartGate({ busyMax: 2, freeMax: 10, cpuBusy: () => true });
    const { order, releases, take } = recorder(gate);
    const all = [1, 2, 3, 4].map(take);
    await waitUntil(() => order.length === 2, 2000, "two starts");
    expect(order).toEqual([1, 2]);
    releases[0]!();
    releases[0]!();
    await waitUntil(() => order.length === 3, 2000, "the third start");
    expect(order).toEqual([1, 2, 3]);
    releases[1]!();
    await Promise.all(all);
    expect(order).toEqual([1, 2, 3, 4]);
    for (const r of releases) r();
    expect(gate.running).toBe(0);
  });

  test("when the load goes, waiting starts are let through at the next release", async () => {
    let busy = true;
    const gate = new StartGate({ busyMax: 1, freeMax: 10, cpuBusy: () => busy });
    const { order, releases, take } = recorder(gate);
    const all = [1, 2, 3, 4].map(take);
    await waitUntil(() => order.length === 1, 2000, "the first start");
    busy = false;
    releases[0]!();
    await Promise.all(all);
    expect(order).toEqual([1, 2, 3, 4]);
  });

  test("the CPU meter reads the machine's real load", async () => {
    const meter = new CpuMeter(50);
    meter.start();
    try {
      const until = Date.now() + 400;
      // Keep one core busy so the figure must rise above zero.
      while (Date.now() < until) Math.sqrt(Math.random());
      await waitUntil(() => meter.busyFraction() > 0, 2000, "a CPU figure");
      expect(meter.busyFraction()).toBeLessThanOrEqual(1);
    } finally {
      meter.stop();
    }
  });
});
