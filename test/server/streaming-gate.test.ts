import { describe, expect, test } from "bun:test";
import { StartGate } from "../../server/streaming/start-gate";

// The start-up gate: at most `max` ffmpeg start-ups at once, the rest in order.

describe("start gate", () => {
  test("lets `max` through, then one per release, in arrival order; double release is harmless", async () => {
    const gate = new StartGate(2);
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const take = (n: number) =>
      gate.acquire().then((release) => {
        order.push(n);
        releases.push(release);
      });
    const all = [1, 2, 3, 4].map(take);
    await Bun.sleep(5);
    expect(order).toEqual([1, 2]);
    releases[0]!();
    releases[0]!();
    await Bun.sleep(5);
    expect(order).toEqual([1, 2, 3]);
    releases[1]!();
    await Promise.all(all);
    expect(order).toEqual([1, 2, 3, 4]);
    for (const r of releases) r();
    // Everything released: two slots free again.
    const again: number[] = [];
    await Promise.all([gate.acquire().then(() => again.push(1)), gate.acquire().then(() => again.push(2))]);
    expect(again).toEqual([1, 2]);
  });
});
