import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type NginxRtmp, startNginxRtmp } from "../../fakes/nginx-rtmp";
import { steamReadyMp4 } from "../../support/media";
import { testApp } from "../../support/server";
import { waitUntil } from "../../support/wait";
import { addVideo, streamingWorld } from "../streaming/streaming-fixtures";

// A playlist that fails every few seconds, through real ffmpeg into a real nginx-rtmp: its second
// item is a cut-off file, so each run sends the first item (about two seconds of frames) and then
// ffmpeg ends in error; auto-restart starts it again after the backoff. The uptime answered by
// GET /api/destinations/{id}/uptime counts only the time frames were going out, so such a playlist
// reads mostly down, in line with the time the ingest itself saw a publisher.

let ingest: NginxRtmp;
beforeAll(async () => {
  ingest = await startNginxRtmp();
}, 30_000);
afterAll(async () => {
  await ingest?.stop();
}, 30_000);

const KEY = "failing-playlist-key";

/** Milliseconds the ingest had our publisher connected, from nginx's publish / publish_done calls. */
function publishedMs(until: number): number {
  let total = 0;
  let since: number | null = null;
  for (const e of ingest.events.filter((x) => x.key === KEY)) {
    if (e.call === "publish") since = e.at;
    if (e.call === "publish_done" && since !== null) {
      total += e.at - since;
      since = null;
    }
  }
  return total + (since === null ? 0 : until - since);
}

describe("uptime of a playlist that keeps failing", () => {
  test("time between a failure and the next first frame is down: the figure is low, not 99 %", async () => {
    // A fixed 3 s wait between runs: each cycle is about 2 s of frames out of about 5.
    const w = await streamingWorld(
      { ALLOW_PRIVATE_TARGETS: "on" },
      { backoffBaseMs: 3000, backoffFactor: 1, backoffCapMs: 3000 },
    );
    const http = testApp(w.deps);
    const good = await steamReadyMp4(2);
    const cut = join(w.deps.env.DATA_DIR, "cut-off.mp4");
    // The tail of a real file, without its header and index: ffmpeg cannot open it when the list
    // reaches it, and ends the run.
    const bytes = readFileSync(good);
    writeFileSync(cut, bytes.subarray(Math.floor(bytes.length / 2)));
    const shape = { width: 320, height: 180, frameRate: 30 };
    const a = await addVideo(w.deps, w.project.id, good, { ...shape, durationSeconds: 2 });
    const b = await addVideo(w.deps, w.project.id, cut, { ...shape, durationSeconds: 2 });
    const list = await w.asDev.playlists.create({
      project_id: w.project.id,
      name: "Broken loop",
      media_ids: [a.id, b.id],
    });
    const dest = await w.asDev.streaming.createDestination({
      name: "Ingest",
      type: "custom",
      rtmp_url: ingest.rtmpUrl,
      stream_key: KEY,
      autorestart: true,
      project_id: w.project.id,
    });
    const startedAt = Date.now();
    const stream = await w.asDev.streaming.start({ destinationId: dest.id, playlistId: list.id });
    const cookie = await http.signIn(w.viewer.email);
    const uptime = async () =>
      (await http.call(`/api/destinations/${dest.id}/uptime?days=1`, { cookie })).json() as Promise<{
        uptime_percent: number | null;
        live_seconds: number;
        intended_seconds: number;
        failures: number;
        longest_outage_seconds: number;
      }>;
    try {
      // Three failed runs at least, each of which had sent frames (nginx saw a publish per run).
      await waitUntil(async () => (await uptime()).failures >= 3, 60_000, "three failures");
      const endedAt = Date.now();
      const figures = await uptime();
      const publishes = ingest.events.filter((e) => e.key === KEY && e.call === "publish").length;
      const ingestShare = publishedMs(endedAt) / (endedAt - startedAt);
      console.log(
        `[uptime-failing-playlist] ${figures.failures} failures, ${publishes} publishes, ` +
          `ingest had a publisher ${(ingestShare * 100).toFixed(1)}% of the time:`,
        figures,
      );
      expect(publishes).toBeGreaterThanOrEqual(3);
      expect(figures.intended_seconds).toBeGreaterThanOrEqual(10);
      // Mostly down: nowhere near the 99 % a failing broadcast must never read.
      expect(figures.uptime_percent!).toBeGreaterThan(0);
      expect(figures.uptime_percent!).toBeLessThan(70);
      // Live time is time frames went out, so never more than the ingest saw a publisher.
      expect(figures.live_seconds).toBeLessThanOrEqual(Math.ceil((publishedMs(endedAt) + 1000) / 1000));
      // Each gap between a failure and the next first frame is an outage of at least the backoff.
      expect(figures.longest_outage_seconds).toBeGreaterThanOrEqual(3);
    } finally {
      await w.asDev.streaming.stop({ streamId: stream.id });
    }
  }, 90_000);
});
