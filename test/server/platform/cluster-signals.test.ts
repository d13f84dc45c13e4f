import { describe, expect, test } from "bun:test";
import { dialect } from "@server/platform/db/dialect";
import { localSignals, MAX_SIGNAL_BYTES, pgSignals } from "@server/platform/db/signals";
import { createTestDatabase } from "@test/support/pg-mode";
import { SQL } from "bun";

function nextMessage(subscribe: (handler: (p: string) => void) => unknown): Promise<string> {
  return new Promise((resolve) => {
    void subscribe(resolve);
  });
}

describe("signals between nodes", () => {
  test("on one node a signal reaches its subscribers, and an unsubscribed handler hears nothing", async () => {
    const signals = localSignals();
    const heard: string[] = [];
    const stop = await signals.subscribe("streams", (p) => heard.push(p));
    const next = nextMessage((h) => signals.subscribe("streams", h));
    await signals.publish("streams", "stop 7");
    expect(await next).toBe("stop 7");
    await stop();
    const later = nextMessage((h) => signals.subscribe("streams", h));
    await signals.publish("streams", "stop 8");
    expect(await later).toBe("stop 8");
    expect(heard).toEqual(["stop 7"]);
    await expect(signals.publish("streams", "x".repeat(MAX_SIGNAL_BYTES + 1))).rejects.toThrow(/too large/);
  });

  // Two clients stand for two nodes on one database: only PostgreSQL carries signals between processes.
  test.skipIf(dialect !== "postgres")("a signal from one node reaches another within a second", async () => {
    const url = createTestDatabase();
    const a = new SQL({ url, max: 2 });
    const b = new SQL({ url, max: 2 });
    try {
      let resolve: (v: { payload: string; at: number }) => void = () => {};
      const heard = new Promise<{ payload: string; at: number }>((r) => {
        resolve = r;
      });
      const stop = await pgSignals(b).subscribe("streams", (payload) =>
        resolve({ payload, at: performance.now() }),
      );
      // Connected first, so the figure is the signal's way and not the sender's sign-in.
      await a`select 1`;
      const sent = performance.now();
      await pgSignals(a).publish("streams", JSON.stringify({ stop: 42 }));
      const { payload, at } = await heard;
      expect(JSON.parse(payload)).toEqual({ stop: 42 });
      expect(at - sent).toBeLessThan(1000);
      await stop();
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
