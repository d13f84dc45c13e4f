import { afterEach, describe, expect, test } from "bun:test";
import { basename } from "node:path";
import { probeMedia } from "@server/features/media/probe";
import { mediaPreparations } from "@server/platform/db/schema";
import { STEAM_RULES } from "@shared/messages/steam-rules";
import { eq } from "drizzle-orm";
import { type NginxRtmp, startNginxRtmp } from "../../fakes/nginx-rtmp";
import { waitFor } from "../../fakes/rtmp-receiver";
import { exportedClipMp4, h264Mp4 } from "../../support/media";
import { checkRecording, seamMisses } from "../../support/recording-check";
import { addVideo, streamingWorld } from "./streaming-fixtures";

// A looped file must leave no seam at the receiver: nginx-rtmp records 20 plays of a 1.07 s clip
// (one run that ends at its planned reconnect, on a seam) and ffmpeg's own tools read the
// recording: no refused timestamp, no keyframe gap over 2 s and a frame, no hole in the sound over
// one AAC frame, sound and picture ending within a frame of each other.

const CLIP_FRAMES = 32;
const CLIP_SECONDS = CLIP_FRAMES / 30;
const PLAYS = 20;
/** A run that ends on its own after 20 plays (each counted 0.1 s long) and before a 21st. */
const TIMINGS = { outputTsOffsetMs: 0, tsLimitMs: Math.ceil(PLAYS * (CLIP_SECONDS + 0.1) * 1000) + 500 };

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function world() {
  const w = await streamingWorld({}, TIMINGS);
  const ingest = await startNginxRtmp({ record: true });
  cleanups.push(
    () => ingest.stop(),
    () => w.deps.supervisor.shutdown(),
  );
  return { w, ingest };
}

type World = Awaited<ReturnType<typeof world>>;

/** Adds the file as media with the probe's verdict, as an upload does. */
async function upload({ w }: World, file: string) {
  const meta = (await probeMedia("ffprobe", file))!;
  const media = await addVideo(w.deps, w.project.id, file, {
    durationSeconds: meta.durationSeconds,
    width: 320,
    height: 180,
    frameRate: meta.frameRate,
    steamReady: meta.steamReady,
    steamReasons: meta.steamReasons,
  });
  return { media, meta };
}

/** Streams the media to the ingest under `key` and answers the recording of its first run: 20 plays. */
async function recordPlays({ w, ingest }: World, mediaId: number, type: "steam" | "custom", key: string) {
  const dest = await w.asDev.streaming.createDestination({
    name: key,
    type,
    rtmp_url: ingest.rtmpUrl,
    stream_key: key,
    autorestart: true,
    project_id: w.project.id,
  });
  const s = await w.asDev.streaming.start({ destinationId: dest.id, mediaId });
  const done = () => ingest.events.some((e) => e.call === "publish_done" && e.name === key);
  await waitFor(done, 90_000, `the first run to ${key} to end at its planned reconnect`);
  await w.asDev.streaming.stop({ streamId: s.id });
  return mine(ingest, key);
}

/** The first recording of the stream published under `key` (nginx names them key-time.flv). */
function mine(ingest: NginxRtmp, key: string): string {
  const file = ingest.recordings().find((f) => basename(f).startsWith(`${key}-`));
  if (!file) throw new Error(`no recording for ${key}`);
  return file;
}

/** Checks the recording holds the 20 plays, and answers what misses the bar. */
async function misses(file: string) {
  const figures = await checkRecording(file);
  expect(figures.lastMs - figures.firstMs).toBeGreaterThan((PLAYS - 0.5) * CLIP_SECONDS * 1000);
  expect(figures.videoPackets).toBe(PLAYS * CLIP_FRAMES);
  return { figures, misses: seamMisses(figures) };
}

describe("seamless loops, checked at the receiver", () => {
  test("a file judged ready goes straight, and 20 plays of it leave no seam", async () => {
    const world_ = await world();
    const { media, meta } = await upload(world_, await h264Mp4(CLIP_SECONDS));
    expect(meta).toMatchObject({ steamReady: true, steamReasons: [] });
    const file = await recordPlays(world_, media.id, "steam", "ready");
    // Sent as it is: nothing was prepared.
    const prepared = await world_.w.deps.db.select().from(mediaPreparations);
    expect(prepared).toEqual([]);
    expect((await misses(file)).misses).toEqual([]);
  }, 120_000);

  test("a B-frame clip whose sound is 0.2 s short is prepared, and its copy loops without a seam", async () => {
    const world_ = await world();
    const source = await exportedClipMp4(CLIP_FRAMES, { rate: 44_100, seconds: CLIP_SECONDS - 0.2 });
    const { media, meta } = await upload(world_, source);
    expect(meta.steamReasons).toEqual([
      "sound is 0.2 s shorter than the video; both must be the same length",
    ]);
    const file = await recordPlays(world_, media.id, "steam", "prepared");
    const prep = (
      await world_.w.deps.db.select().from(mediaPreparations).where(eq(mediaPreparations.mediaId, media.id))
    )[0];
    expect(prep).toMatchObject({ status: "done" });
    expect((await misses(file)).misses).toEqual([]);
  }, 120_000);

  test("a clip that stumbles at every loop is judged not ready for it, and its prepared copy does not", async () => {
    const world_ = await world();
    // Sound and picture equally long by the clock: the stored sound, priming frame included, runs
    // past the picture, so each play starts late and overlaps the last one's sound.
    const source = await exportedClipMp4(CLIP_FRAMES, { rate: 48_000, seconds: CLIP_SECONDS });
    const { media, meta } = await upload(world_, source);
    expect(meta.steamReasons).toEqual([STEAM_RULES.loopSeam]);

    // A custom server takes it as it is: the seams are there at the receiver.
    const [straight, prepared] = await Promise.all([
      recordPlays(world_, media.id, "custom", "straight"),
      recordPlays(world_, media.id, "steam", "prepared"),
    ]);
    const before = await misses(straight);
    expect(before.figures.dtsErrors).toBeGreaterThanOrEqual(PLAYS - 1);
    expect(before.misses.length).toBeGreaterThan(0);
    // Steam gets the prepared copy, which clears the bar.
    expect((await misses(prepared)).misses).toEqual([]);
  }, 120_000);
});
