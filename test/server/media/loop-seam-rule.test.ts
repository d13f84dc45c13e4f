import { describe, expect, test } from "bun:test";
import { loopFacts } from "@server/features/media/loop-facts";
import { preparedFrames, preparedSamples } from "@server/features/media/preparation/prepare-args";
import { type LoopFacts, type SteamFacts, steamVerdict } from "@server/features/media/steam-rules";
import { STEAM_RULES } from "@shared/messages/steam-rules";

// Whether a file loops by stream copy without a seam: ffmpeg starts each new play one picture
// length later, so the stored sound (priming frame included) must end where the picture ends, and
// the keyframe gap across the seam must stay within Steam's 2 s and one frame.

const FRAME = 1024 / 48_000;
/** A 60 s, 30 fps file whose sound ends exactly with its picture. */
const seamless: LoopFacts = { videoSpanS: 60, audioSpanS: 60, audioFrameS: FRAME, lastKeyframeToEndS: 2 };
const ready: SteamFacts = {
  videoCodec: "h264",
  videoProfile: "High",
  videoLevel: 41,
  frameRate: 30,
  width: 1920,
  height: 1080,
  keyframeInterval: 2,
  videoKbps: 6000,
  videoPeakKbps: 6200,
  audioCodec: "aac",
  audioProfile: "LC",
  audioKbps: 128,
  videoSeconds: 60,
  audioSeconds: 60,
  loop: seamless,
};
const reasons = (loop: Partial<LoopFacts>, more: Partial<SteamFacts> = {}) =>
  steamVerdict({ ...ready, ...more, loop: { ...seamless, ...loop } }).reasons;

describe("the loop seam rule", () => {
  test("sound ending with the picture, or less than one AAC frame before it, loops seamlessly", () => {
    expect(reasons({})).toEqual([]);
    expect(reasons({ audioSpanS: 60 - FRAME })).toEqual([]);
    expect(reasons({ audioSpanS: 60 - 0.0053 })).toEqual([]);
    // Unread facts (media probed before the rule) say nothing either way.
    expect(steamVerdict({ ...ready, loop: null }).reasons).toEqual([]);
  });
  test("sound running past the picture, even by a few milliseconds, is a seam", () => {
    // As a 6 s clip at 48 kHz reads: 283 stored AAC frames, 6.037 s.
    expect(reasons({ videoSpanS: 6, audioSpanS: 283 * FRAME })).toEqual([STEAM_RULES.loopSeam]);
    expect(reasons({ audioSpanS: 60.002 })).toEqual([STEAM_RULES.loopSeam]);
  });
  test("sound ending more than one AAC frame early leaves a hole at every loop", () => {
    expect(reasons({ audioSpanS: 60 - FRAME - 0.002 })).toEqual([STEAM_RULES.loopSeam]);
  });
  test("a length gap over 0.1 s gives its own reason only", () => {
    expect(reasons({ audioSpanS: 59.7 }, { audioSeconds: 59.7 })).toEqual([
      "sound is 0.3 s shorter than the video; both must be the same length",
    ]);
  });
  test("the keyframe gap across the seam may be 2 s and one frame, no more", () => {
    expect(reasons({ lastKeyframeToEndS: 2 + 1 / 30 })).toEqual([]);
    expect(reasons({ lastKeyframeToEndS: 2.1 })).toEqual([STEAM_RULES.loopKeyframe]);
    // Keyframes too far apart anywhere say it already.
    expect(reasons({ lastKeyframeToEndS: 4 }, { keyframeInterval: 4 })).toEqual([
      "keyframes every 4.0 s; Steam needs 2 s",
    ]);
  });
  test("only AAC sound is judged: other sound has its own reason", () => {
    expect(reasons({ audioSpanS: 61 }, { audioCodec: "mp3" })).toEqual(["sound is mp3; Steam needs AAC-LC"]);
  });
});

describe("the loop facts read from packets", () => {
  const v = (pts: number, key = false) => ({ video: true, pts, key });
  const a = (pts: number) => ({ video: false, pts, key: false });
  test("picture: first to last frame shown and one frame; sound: first packet to the last one's end", () => {
    // B-frames: the last packet read is not the last frame shown; the priming frame starts before 0.
    const f = loopFacts(
      [v(0, true), a(-FRAME), a(0), v(4, true), v(179 / 30), v(178 / 30), a(5.9733 - FRAME)],
      30,
      48_000,
    )!;
    expect(f.videoSpanS).toBeCloseTo(6, 6);
    expect(f.audioSpanS).toBeCloseTo(5.9733 + FRAME, 6);
    expect(f.lastKeyframeToEndS).toBeCloseTo(2, 6);
  });
  test("no sound, no keyframe or no frame rate: nothing to judge", () => {
    expect(loopFacts([v(0, true)], 30, 48_000)).toBeNull();
    expect(loopFacts([v(0), a(0)], 30, 48_000)).toBeNull();
    expect(loopFacts([v(0, true), a(0)], 0, 48_000)).toBeNull();
  });
});

describe("the prepared copy's lengths", () => {
  test("the picture keeps its frames; the sound is the whole AAC frames inside it, less the priming one", () => {
    expect(preparedFrames(6)).toBe(180);
    expect(preparedFrames(1.0667)).toBe(32);
    // 6 s: 281.25 AAC frames fit; 280 are encoded, 281 stored with the priming one.
    expect(preparedSamples(180)).toBe(280 * 1024);
    // 32 frames are exactly 50 AAC frames: no hole at all.
    expect(preparedSamples(32)).toBe(49 * 1024);
    for (const frames of [2, 31, 60, 179, 180, 181, 1799]) {
      const stored = preparedSamples(frames) / 48_000 + FRAME;
      const hole = frames / 30 - stored;
      expect(hole).toBeGreaterThanOrEqual(0);
      expect(hole).toBeLessThan(FRAME);
    }
  });
});
