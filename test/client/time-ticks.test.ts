import { expect, test } from "bun:test";
import { timeAxis } from "@client/pages/streaming/time-ticks";

// The health chart's time axis: a short run gets distinct ticks with seconds, a long one round hours.

const at = (hms: string) => Date.parse(`2026-11-26T${hms}`);

test("a minute of samples gets distinct ticks down to the second, not five identical '12:12 PM'", () => {
  const axis = timeAxis(at("12:12:03"), at("12:12:58"));
  const labels = axis.ticks.map(axis.format);
  expect(labels.length).toBeGreaterThanOrEqual(3);
  expect(labels.length).toBeLessThanOrEqual(5);
  expect(new Set(labels).size).toBe(labels.length);
  for (const t of axis.ticks) {
    expect(t % 5_000).toBe(0);
    expect(t).toBeGreaterThanOrEqual(at("12:12:03"));
    expect(t).toBeLessThanOrEqual(at("12:12:58"));
  }
  expect(labels[0]).toMatch(/\d{2}:\d{2}:\d{2}/);
});

test("every span from seconds to weeks gets at most five distinct, increasing ticks", () => {
  const start = at("09:00:00");
  for (const span of [
    5_000,
    40_000,
    90_000,
    600_000,
    3_600_000,
    6 * 3_600_000,
    86_400_000,
    30 * 86_400_000,
  ]) {
    const axis = timeAxis(start, start + span);
    const labels = axis.ticks.map(axis.format);
    expect(labels.length).toBeGreaterThanOrEqual(2);
    expect(labels.length).toBeLessThanOrEqual(5);
    expect(new Set(labels).size).toBe(labels.length);
    expect(axis.ticks).toEqual(axis.ticks.toSorted((a, b) => a - b));
  }
});
