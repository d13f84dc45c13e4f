import { afterAll, describe, expect, test } from "bun:test";
import { samplesOf } from "@server/features/health/sample-store";
import { HealthSampler } from "@server/features/health/sampler";
import { destinationIntents, liveRuns } from "@server/platform/db/schema";
import { isNull } from "drizzle-orm";
import { type NginxRtmp, startNginxRtmp } from "../../fakes/nginx-rtmp";
import { steamReadyMp4 } from "../../support/media";
import { waitUntil as waitFor } from "../../support/wait";
import { addVideo, streamingWorld } from "../streaming/streaming-fixtures";

// Real ffmpeg publishing to a real nginx-rtmp that goes down for a while: the uptime record shows the
// outage, the failure and less live time than intended, and the health sampler kept real figures.

const ingests: NginxRtmp[] = [];
afterAll(async () => {
  await Promise.all(ingests.map((i) => i.stop()));
}, 30_000);

describe("uptime through an ingest outage", () => {
  test("live < intended, one failure or more, and an outage about as long as the ingest was down", async () => {
    const ingest = await startNginxRtmp();
    ingests.push(ingest);
    const w = await streamingWorld({}, { ingestProbeMs: 200 });
    const sampler = new HealthSampler({
      db: w.deps.db,
      now: w.deps.now,
      live: (id) => w.deps.supervisor.live(id),
      everyMs: 250,
    });
    const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(6));
    const dest = await w.asDev.streaming.createDestination({
      name: "Ingest",
      type: "custom",
      rtmp_url: ingest.rtmpUrl,
      stream_key: "uptime-key",
      autorestart: true,
      project_id: w.project.id,
    });
    const stream = await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
    sampler.start();
    try {
      const running = async () =>
        (await w.asDev.streaming.status({ projectId: w.project.id })).streams.some(
          (s) => s.status === "running",
        );
      await waitFor(running, 15_000, "stream running");
      await waitFor(
        async () => (await samplesOf(w.deps.db, stream.id, 0)).length >= 3,
        10_000,
        "health samples",
      );
      const downAt = Date.now();
      await ingest.down();
      const failed = async () =>
        (await w.asViewer.health.uptime({ destinationId: dest.id, days: 1 })).failures > 0;
      await waitFor(failed, 15_000, "failure recorded");
      // The outage under test: the ingest stays down 4 s in all (a chosen length, not a wait on a condition).
      await Bun.sleep(Math.max(0, downAt + 4000 - Date.now()));
      await ingest.up();
      const upAt = Date.now();
      await waitFor(running, 20_000, "running again");
      const backAt = Date.now();
      const uptime = await w.asViewer.health.uptime({ destinationId: dest.id, days: 1 });
      expect(Object.keys(uptime).sort()).toEqual([
        "failures",
        "intended_seconds",
        "live_seconds",
        "longest_outage_seconds",
        "pushed_seconds",
        "store_page_percent",
        "store_page_seconds",
        "uptime_percent",
      ]);
      const downSeconds = (upAt - downAt) / 1000;
      expect(uptime.live_seconds).toBeLessThan(uptime.intended_seconds);
      expect(uptime.failures).toBeGreaterThanOrEqual(1);
      console.log(
        `[uptime-live] ingest down ${downSeconds.toFixed(1)} s, back ${((backAt - downAt) / 1000).toFixed(1)} s:`,
        uptime,
      );
      // The outage begins when ffmpeg notices the lost ingest and ends at the first frame out again.
      expect(uptime.longest_outage_seconds).toBeGreaterThanOrEqual(Math.floor(downSeconds) - 5);
      expect(uptime.longest_outage_seconds).toBeLessThanOrEqual(Math.ceil((backAt - downAt) / 1000) + 1);
      const samples = await samplesOf(w.deps.db, stream.id, 0);
      expect(samples.some((s) => s.bitrateKbps > 0 && s.fps > 0)).toBe(true);
    } finally {
      await sampler.stop();
      const live = (await w.asDev.streaming.status({ projectId: w.project.id })).streams.filter(
        (s) => s.status !== "stopped" && s.status !== "error",
      );
      for (const s of live) await w.asDev.streaming.stop({ streamId: s.id });
    }
    // A user stop ends the intent and the run: nothing is left open to accrue time.
    const open = async (t: typeof destinationIntents | typeof liveRuns) =>
      (await w.deps.db.select().from(t).where(isNull(t.endedAt))).length;
    expect(await open(destinationIntents)).toBe(0);
    expect(await open(liveRuns)).toBe(0);
  }, 90_000);
});
