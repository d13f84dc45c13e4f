import { describe, expect, test } from "bun:test";
import { copyableForCustom, type SteamFacts, steamVerdict } from "@server/features/media/steam-rules";

// Steam's broadcast rules, one broken rule at a time, on facts as the probe reads them.

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
};
const reasons = (change: Partial<SteamFacts>) => steamVerdict({ ...ready, ...change }).reasons;

describe("Steam's rules", () => {
  test("a file that keeps every rule is ready, with no reasons", () => {
    expect(steamVerdict(ready)).toEqual({ ready: true, reasons: [] });
  });
  test("the usual limits pass: 60 fps, NTSC rates, level 4.0, 854×480, 1 s keyframes, a 0.1 s gap", () => {
    for (const ok of [
      { frameRate: 60 },
      { frameRate: 29.97 },
      { frameRate: 59.94 },
      { videoLevel: 40 },
      { width: 854, height: 480 },
      { keyframeInterval: 1 },
      { audioSeconds: 59.9 },
      { audioSeconds: 60.1 },
      { videoKbps: 7000, videoPeakKbps: 7000, audioKbps: 128 },
      { videoKbps: null, videoPeakKbps: null, audioKbps: null, videoSeconds: null },
    ])
      expect(reasons(ok)).toEqual([]);
  });
  test("each broken rule is named in plain words", () => {
    expect(reasons({ keyframeInterval: 4 })).toEqual(["keyframes every 4.0 s; Steam needs 2 s"]);
    expect(reasons({ keyframeInterval: null })).toEqual([
      "keyframes could not be found; Steam needs one every 2 s",
    ]);
    expect(reasons({ videoCodec: "hevc" })).toEqual(["video is hevc; Steam needs H.264"]);
    expect(reasons({ videoProfile: "Main" })).toEqual(["H.264 profile is Main; Steam needs High"]);
    expect(reasons({ videoProfile: "High 10" })).toEqual(["H.264 profile is High 10; Steam needs High"]);
    expect(reasons({ videoLevel: 42 })).toEqual(["H.264 level 4.2; Steam needs 4.1 or lower"]);
    expect(reasons({ frameRate: 25 })).toEqual(["25 frames per second; Steam needs 30 or 60"]);
    expect(reasons({ frameRate: 23.976 })).toEqual(["23.98 frames per second; Steam needs 30 or 60"]);
    expect(reasons({ frameRate: 50 })).toEqual(["50 frames per second; Steam needs 30 or 60"]);
    expect(reasons({ width: 640, height: 480 })).toEqual(["picture is 640×480; Steam needs 16:9"]);
    expect(reasons({ width: 1080, height: 1920 })).toEqual(["picture is 1080×1920; Steam needs 16:9"]);
    expect(reasons({ videoKbps: 7001 })).toEqual(["video at 7001 kbps; Steam allows at most 7000 kbps"]);
    expect(reasons({ audioCodec: "mp3" })).toEqual(["sound is mp3; Steam needs AAC-LC"]);
    expect(reasons({ audioProfile: "HE-AAC" })).toEqual(["sound is AAC HE-AAC; Steam needs AAC-LC"]);
    expect(reasons({ audioKbps: 192 })).toEqual(["sound at 192 kbps; Steam allows at most 128 kbps"]);
    expect(reasons({ audioCodec: null })).toEqual(["no sound track; Steam needs AAC-LC sound"]);
  });
  test("a busy second over the cap makes a file not ready, though its average is within it", () => {
    // As a noisy 1080p source encoded at 6000 kbps with a two-second buffer was read.
    const v = steamVerdict({ ...ready, videoKbps: 6384, videoPeakKbps: 10307 });
    expect(v).toEqual({
      ready: false,
      reasons: [
        "video reaches 10307 kbps in its busiest second; Steam allows at most 7000 kbps in any second",
      ],
    });
    expect(reasons({ videoPeakKbps: 7001 })).toHaveLength(1);
    // An average over the cap is the one reason given: the peak is over it too, by definition.
    expect(reasons({ videoKbps: 8000, videoPeakKbps: 9000 })).toEqual([
      "video at 8000 kbps; Steam allows at most 7000 kbps",
    ]);
  });
  test("sound and picture more than 0.1 s apart in length need preparation", () => {
    expect(reasons({ audioSeconds: 57 })).toEqual([
      "sound is 3.0 s shorter than the video; both must be the same length",
    ]);
    expect(reasons({ audioSeconds: 60.5 })).toEqual([
      "sound is 0.5 s longer than the video; both must be the same length",
    ]);
    expect(reasons({ audioSeconds: 59.85 })).toHaveLength(1);
  });
  test("several broken rules give several reasons, in a fixed order, and no verdict of ready", () => {
    const v = steamVerdict({ ...ready, frameRate: 25, keyframeInterval: 5, audioKbps: 320 });
    expect(v.ready).toBe(false);
    expect(v.reasons).toEqual([
      "25 frames per second; Steam needs 30 or 60",
      "keyframes every 5.0 s; Steam needs 2 s",
      "sound at 320 kbps; Steam allows at most 128 kbps",
    ]);
  });
  test("a custom server takes H.264 with AAC or no sound, whatever Steam would say", () => {
    expect(copyableForCustom({ videoCodec: "h264", audioCodec: "aac" })).toBe(true);
    expect(copyableForCustom({ videoCodec: "h264", audioCodec: null })).toBe(true);
    expect(copyableForCustom({ videoCodec: "h264", audioCodec: "mp3" })).toBe(false);
    expect(copyableForCustom({ videoCodec: "mpeg4", audioCodec: "aac" })).toBe(false);
  });
});
