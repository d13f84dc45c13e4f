import { describe, expect, test } from "bun:test";
import { formatClock, onAirItem } from "@shared/playlist-on-air";

describe("which playlist item is on air", () => {
  const items = [2, 3.5, 1];
  test("inside the first loop", () => {
    expect(onAirItem(0, items)).toEqual({ index: 0, secondsToNext: 2 });
    expect(onAirItem(1.5, items)).toEqual({ index: 0, secondsToNext: 0.5 });
    expect(onAirItem(2, items)).toEqual({ index: 1, secondsToNext: 3.5 });
    expect(onAirItem(6, items)).toEqual({ index: 2, secondsToNext: 0.5 });
  });
  test("later loops wrap around the loop's length", () => {
    expect(onAirItem(6.5, items)).toEqual({ index: 0, secondsToNext: 2 });
    expect(onAirItem(6.5 * 10 + 2.5, items)).toEqual({ index: 1, secondsToNext: 3 });
  });
  test("nothing to say without items or lengths", () => {
    expect(onAirItem(3, [])).toBeNull();
    expect(onAirItem(3, [0, 0])).toBeNull();
    expect(onAirItem(Number.NaN, items)).toBeNull();
  });
  test("an item of unknown length (0) is skipped", () => {
    expect(onAirItem(2.5, [2, 0, 1])).toEqual({ index: 2, secondsToNext: 0.5 });
  });
});

test("short spans read as m:ss", () => {
  expect([formatClock(0), formatClock(2.2), formatClock(65), formatClock(3725)]).toEqual([
    "0:00",
    "0:03",
    "1:05",
    "1:02:05",
  ]);
});
