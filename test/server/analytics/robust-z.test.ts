import { describe, expect, test } from "bun:test";
import { MIN_HISTORY_DAYS, robustZ, WINDOW_DAYS } from "@server/features/analytics/anomalies/robust-z";

// A month of ordinary days around 100, spread a little.
const usual = Array.from({ length: WINDOW_DAYS }, (_, i) => 100 + ((i * 7) % 11) - 5);

describe("robust z-score", () => {
  test("an ordinary day is no anomaly and sits inside the usual range", () => {
    const s = robustZ(usual, 103);
    expect(s.anomaly).toBe(false);
    expect(s.median).toBe(100);
    expect(s.low).toBeLessThan(103);
    expect(s.high).toBeGreaterThan(103);
  });

  test("a clear spike is an anomaly with a positive z", () => {
    const s = robustZ(usual, 180);
    expect(s.anomaly).toBe(true);
    expect(s.z!).toBeGreaterThanOrEqual(3.5);
    expect(s.high).toBeLessThan(180);
  });

  test("a clear dip is an anomaly with a negative z", () => {
    const s = robustZ(usual, 40);
    expect(s.anomaly).toBe(true);
    expect(s.z!).toBeLessThanOrEqual(-3.5);
    expect(s.low).toBeGreaterThan(40);
  });

  test("a constant series: the same value is usual, another one is off the scale", () => {
    const flat = Array(WINDOW_DAYS).fill(50);
    expect(robustZ(flat, 50)).toMatchObject({ z: 0, anomaly: false, low: 50, high: 50 });
    expect(robustZ(flat, 70)).toMatchObject({ z: Infinity, anomaly: true });
    expect(robustZ(flat, 30)).toMatchObject({ z: -Infinity, anomaly: true });
  });

  test("MAD = 0 with some spread falls back to the mean absolute deviation", () => {
    // Over half the days are 10: the MAD is 0, yet the history does vary.
    const mostlyTen = [...Array(20).fill(10), 12, 8, 14, 6, 11, 9, 13, 7];
    const near = robustZ(mostlyTen, 13);
    expect(Number.isFinite(near.z!)).toBe(true);
    expect(near.anomaly).toBe(false);
    expect(robustZ(mostlyTen, 40).anomaly).toBe(true);
  });

  test("a short history gives no score at all", () => {
    const s = robustZ(usual.slice(0, MIN_HISTORY_DAYS - 1), 10_000);
    expect(s.z).toBeNull();
    expect(s.anomaly).toBe(false);
  });

  test("only the trailing window counts", () => {
    // A huge old era before the window does not make today's ordinary value look like a dip.
    expect(robustZ([...Array(50).fill(10_000), ...usual], 100).anomaly).toBe(false);
  });

  test("a change below the floor is not news however large its z", () => {
    const zeros = Array(WINDOW_DAYS).fill(0);
    expect(robustZ(zeros, 2, 5).anomaly).toBe(false);
    expect(robustZ(zeros, 9, 5).anomaly).toBe(true);
  });
});
