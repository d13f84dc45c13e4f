import { expect, test } from "bun:test";
import { bitrateProfile, parsePacketLines } from "@server/features/media/bitrate";

// Packet sizes summed per second of their timestamps: the busiest second shows what the mean hides.

test("a burst in one second is its peak; the mean counts whole seconds only", () => {
  // 3 s at 750,000 bytes (6000 kbps), one second at 1,250,000 (10000 kbps), then half a second.
  const packets = [0, 1.5, 2.3, 3.1].map((time, i) => ({
    time,
    bytes: i === 2 ? 1_250_000 : 750_000,
  }));
  packets.push({ time: 4.4, bytes: 100_000 });
  expect(bitrateProfile(packets)).toEqual({ meanKbps: 7000, peakKbps: 10000, seconds: 5 });
});

test("seconds count from the first packet, and lines without a time are skipped", () => {
  const packets = parsePacketLines("N/A,500\n10.5,1000\n11.4,1000\n11.6,250\n\n");
  expect(packets).toHaveLength(3);
  expect(bitrateProfile(packets)).toEqual({ meanKbps: 16, peakKbps: 16, seconds: 2 });
  expect(bitrateProfile([])).toBeNull();
});
