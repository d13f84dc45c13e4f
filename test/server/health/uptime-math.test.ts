import { describe, expect, test } from "bun:test";
import { computeUptime } from "@server/features/health/uptime-math";
import type { Span } from "@server/features/streaming/uptime-store";

// Times in seconds for reading; the module works in ms.
const s = (start: number, end: number | null): Span => ({
  start: start * 1000,
  end: end === null ? null : end * 1000,
});
const uptime = (intents: Span[], runs: Span[], failures: number[] = [], from = 0, to = 1000) =>
  computeUptime({ intents, runs, failures: failures.map((f) => f * 1000), from: from * 1000, to: to * 1000 });

describe("uptime from intents and live runs", () => {
  test("nothing intended: no percentage, zeros", () => {
    expect(uptime([], [s(0, 500)])).toEqual({
      uptime_percent: null,
      live_seconds: 0,
      intended_seconds: 0,
      failures: 0,
      longest_outage_seconds: 0,
      store_page_seconds: 0,
      pushed_seconds: 0,
      store_page_percent: null,
    });
  });

  test("fully live while intended", () => {
    expect(uptime([s(100, 400)], [s(100, 400)])).toMatchObject({
      uptime_percent: 100,
      live_seconds: 300,
      intended_seconds: 300,
      longest_outage_seconds: 0,
    });
  });

  test("overlapping intents count once", () => {
    const r = uptime([s(100, 300), s(200, 400), s(350, 380)], [s(100, 250)]);
    expect(r.intended_seconds).toBe(300);
    expect(r.live_seconds).toBe(150);
    expect(r.uptime_percent).toBe(50);
    expect(r.longest_outage_seconds).toBe(150);
  });

  test("an open intent lasts up to the end of the period (now)", () => {
    const r = uptime([s(900, null)], [s(900, 950)]);
    expect(r.intended_seconds).toBe(100);
    expect(r.live_seconds).toBe(50);
    expect(r.longest_outage_seconds).toBe(50);
  });

  test("runs outside every intent are ignored", () => {
    const r = uptime([s(100, 200)], [s(0, 50), s(150, 300), s(500, 600)]);
    expect(r.live_seconds).toBe(50);
    expect(r.intended_seconds).toBe(100);
    expect(r.uptime_percent).toBe(50);
  });

  test("intents and runs are clipped to the period", () => {
    const r = uptime([s(-500, 200), s(900, 2000)], [s(-500, 100), s(950, null)]);
    expect(r.intended_seconds).toBe(300);
    expect(r.live_seconds).toBe(150);
    expect(r.longest_outage_seconds).toBe(100);
  });

  test("the longest outage is the longest intended-but-not-live stretch, across intents", () => {
    const r = uptime([s(0, 100), s(100, 400)], [s(0, 10), s(40, 200), s(390, 400)]);
    expect(r.longest_outage_seconds).toBe(190);
    expect(r.uptime_percent).toBe(45);
  });

  test("only failures inside the period count", () => {
    expect(uptime([s(0, 1000)], [], [-1, 5, 999, 1001]).failures).toBe(2);
  });

  test("a percentage keeps two decimals", () => {
    expect(uptime([s(0, 3)], [s(0, 2)]).uptime_percent).toBe(66.67);
  });
});

describe("store-page time apart from pushed time", () => {
  const split = (runs: Span[], storePage: Span[]) =>
    computeUptime({ intents: [s(0, 1000)], runs, failures: [], storePage, from: 0, to: 1_000_000 });

  test("live time splits into on-the-store-page and pushed", () => {
    expect(split([s(0, 1000)], [s(100, 700)])).toMatchObject({
      live_seconds: 1000,
      store_page_seconds: 600,
      pushed_seconds: 400,
      store_page_percent: 60,
    });
  });

  test("store-page spans count only inside live, intended time", () => {
    // Live 0-500; a store-page span recorded past the run's end and an overlapping one count once.
    expect(split([s(0, 500)], [s(400, 900), s(450, 480), s(1200, 1300)])).toMatchObject({
      live_seconds: 500,
      store_page_seconds: 100,
      pushed_seconds: 400,
    });
  });

  test("an open store-page span lasts until the end of the period, like an open run", () => {
    expect(split([s(0, null)], [s(900, null)])).toMatchObject({
      store_page_seconds: 100,
      pushed_seconds: 900,
    });
  });
});
