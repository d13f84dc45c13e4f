import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { probeMedia } from "@server/features/media/probe";
import type { StreamTimings } from "@server/features/streaming/backoff";
import { startNodeMediaServer } from "@test/fakes/node-media-server";
import { waitFor } from "@test/fakes/rtmp-receiver";
import { h264Mp4 } from "@test/support/media";
import { checkRecording, seamMisses } from "@test/support/recording-check";
import { addVideo, streamingWorld } from "./streaming-fixtures";

// The same stream as the nginx-rtmp tests, seen by a viewer of a second ingest nobody here wrote:
// node-media-server relays what the console publishes, and an ffmpeg that pulls it, as a player
// would, keeps what it got. Loop seams leave no trace in what the viewer gets.
const CLIP_FRAMES = 32;
const CLIP_SECONDS = CLIP_FRAMES / 30;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A viewer: ffmpeg pulling `seconds` of the stream from the ingest into an FLV file. */
function pull(rtmpUrl: string, key: string, seconds: number) {
  const dir = mkdtempSync(join(tmpdir(), "console-viewer-"));
  const file = join(dir, "viewer.flv");
  const proc = Bun.spawn(
    [
      ...["ffmpeg", "-hide_banner", "-v", "error", "-rw_timeout", "15000000", "-i", `${rtmpUrl}/${key}`],
      ...["-t", seconds.toFixed(3), "-c", "copy", "-f", "flv", "-y", file],
    ],
    { stdout: "ignore", stderr: "pipe" },
  );
  const stderr = new Response(proc.stderr).text();
  cleanups.push(() => {
    proc.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });
  return { file, ended: proc.exited.then(async (code) => ({ code, stderr: await stderr })) };
}

async function world(timings: Partial<StreamTimings>) {
  const w = await streamingWorld({ ALLOW_PRIVATE_TARGETS: "on" }, timings);
  const ingest = await startNodeMediaServer(() => false);
  cleanups.push(
    () => ingest.stop(),
    () => w.deps.supervisor.shutdown(),
  );
  const file = await h264Mp4(CLIP_SECONDS);
  const meta = (await probeMedia("ffprobe", file))!;
  expect(meta.steamReady).toBe(true);
  const media = await addVideo(w.deps, w.project.id, file, {
    durationSeconds: meta.durationSeconds,
    width: 320,
    height: 180,
    frameRate: meta.frameRate,
    steamReady: true,
    steamReasons: [],
  });
  const dest = await w.asDev.streaming.createDestination({
    name: "Second ingest",
    type: "custom",
    rtmp_url: ingest.rtmpUrl,
    stream_key: "viewer_KEY",
    autorestart: true,
    project_id: w.project.id,
  });
  const start = async () => {
    const s = await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
    await waitFor(() => ingest.published.includes("viewer_KEY"), 15_000, "the publish at node-media-server");
    return s;
  };
  return { w, ingest, start };
}

describe("a viewer of node-media-server", () => {
  test("gets 20 loops of a ready file without a seam", async () => {
    const { w, ingest, start } = await world({});
    const s = await start();
    // The viewer keeps 21 plays' worth, then leaves; the stream goes on until stopped.
    const viewer = pull(ingest.rtmpUrl, "viewer_KEY", 21 * CLIP_SECONDS);
    const ended = await viewer.ended;
    expect(ended.code).toBe(0);
    await w.asDev.streaming.stop({ streamId: s.id });
    const figures = await checkRecording(viewer.file);
    expect(figures.lastMs - figures.firstMs).toBeGreaterThan(20 * CLIP_SECONDS * 1000);
    expect(seamMisses(figures)).toEqual([]);
  }, 90_000);
});
