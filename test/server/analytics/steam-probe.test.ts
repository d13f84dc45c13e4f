import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { prepareArgs } from "@server/features/media/preparation/prepare-args";
import { probeMedia } from "@server/features/media/probe";
import { aviVideo, h264Mp4, steamReadyMp4 } from "../../support/media";

// Steam's verdict on real files: ffprobe reads them, the rules judge them, and a prepared copy of a
// file that breaks several rules at once passes them all.

const FFPROBE = process.env.FFPROBE_PATH ?? "ffprobe";
const FFMPEG = process.env.FFMPEG_PATH ?? "ffmpeg";
const verdict = async (file: string) => {
  const meta = (await probeMedia(FFPROBE, file))!;
  return { ready: meta.steamReady, reasons: meta.steamReasons };
};

describe("Steam's verdict on real files", () => {
  test("an H.264 High, 16:9, 30 fps file with 2 s keyframes and full-length sound is ready", async () => {
    expect(await verdict(await steamReadyMp4(6))).toEqual({ ready: true, reasons: [] });
  });
  test("each broken rule shows as its own reason", async () => {
    expect((await verdict(await h264Mp4(8, { keyframeS: 4 }))).reasons).toEqual([
      "keyframes every 4.0 s; Steam needs 2 s",
    ]);
    expect((await verdict(await h264Mp4(4, { rate: 25 }))).reasons).toEqual([
      "25 frames per second; Steam needs 30 or 60",
    ]);
    expect((await verdict(await h264Mp4(4, { size: "320x240" }))).reasons).toEqual([
      "picture is 320×240; Steam needs 16:9",
    ]);
    expect((await verdict(await h264Mp4(6, { audioSeconds: 3 }))).reasons).toEqual([
      "sound is 3.0 s shorter than the video; both must be the same length",
    ]);
    expect((await verdict(await h264Mp4(4, { x264: "8x8dct=0" }))).reasons).toEqual([
      "H.264 profile is Constrained Baseline; Steam needs High",
    ]);
    expect((await verdict(await aviVideo(2))).reasons).toContain("video is mpeg4; Steam needs H.264");
  });

  test("the prepared copy of a file breaking five rules passes them all", async () => {
    const source = await h264Mp4(8, {
      size: "320x240",
      rate: 25,
      keyframeS: 4,
      audioSeconds: 5,
      x264: "8x8dct=0",
    });
    const before = await verdict(source);
    expect(before.reasons).toHaveLength(5);
    const out = join(source, "..", "prepared-from-five.mp4");
    const meta = (await probeMedia(FFPROBE, source))!;
    const proc = Bun.spawn(
      [
        FFMPEG,
        ...prepareArgs(source, out, { ...meta, hasAudio: true, videoSeconds: meta.videoSeconds }).map((a) =>
          a === "pipe:1" ? "-" : a,
        ),
      ],
      { stdout: "ignore", stderr: "ignore" },
    );
    expect(await proc.exited).toBe(0);
    expect(await verdict(out)).toEqual({ ready: true, reasons: [] });
    const streams = await ffprobeStreams(out);
    expect(streams.find((s) => s.codec_type === "video")).toMatchObject({ profile: "High", level: 41 });
    expect(streams.find((s) => s.codec_type === "audio")).toMatchObject({ profile: "LC" });
    // The 5 s of sound is padded with silence to the picture's 8 s.
    const seconds = streams.map((s) => Number(s.duration));
    expect(Math.abs(seconds[0]! - 8)).toBeLessThan(0.1);
    expect(Math.abs(seconds[0]! - seconds[1]!)).toBeLessThanOrEqual(0.1);
  }, 60_000);
});

async function ffprobeStreams(file: string) {
  const proc = Bun.spawn([FFPROBE, "-v", "error", "-show_streams", "-of", "json", file], { stdout: "pipe" });
  const out = JSON.parse(await new Response(proc.stdout).text()) as {
    streams: { codec_type: string; profile: string; level?: number; duration: string }[];
  };
  return out.streams;
}
