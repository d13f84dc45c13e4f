import { afterEach, describe, expect, test } from "bun:test";
import { destinationFailures, liveRuns, streams } from "@server/platform/db/schema";
import { asc, eq } from "drizzle-orm";
import { startNginxRtmp } from "../../fakes/nginx-rtmp";
import { steamReadyMp4 } from "../../support/media";
import { waitUntil as waitFor } from "../../support/wait";
import { addVideo, FAST_TIMINGS, streamingWorld, withSupervisor } from "../streaming/streaming-fixtures";

// The health timeline marks each planned reconnect, and only those: real ffmpeg publishing to a real
// nginx-rtmp reaches its planned end in seconds (its output starts just before FLV's timestamp limit),
// then a kill -9 of ffmpeg makes a real failure, which the timeline must not mark.

const WRAP_MS = 2 ** 31;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("planned reconnects in the health timeline", () => {
  test("a planned reconnect appears in the health answer; a failure does not", async () => {
    const w = await streamingWorld({ ALLOW_PRIVATE_TARGETS: "on" });
    // A 7.5 s span: each run plays the 3 s clip twice and ends at the seam after 6 s.
    withSupervisor(w.deps, { ...FAST_TIMINGS, outputTsOffsetMs: WRAP_MS - 8000, tsLimitMs: WRAP_MS - 500 });
    const ingest = await startNginxRtmp();
    cleanups.push(
      () => ingest.stop(),
      () => w.deps.supervisor.shutdown(),
    );
    const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(3), { durationSeconds: 3 });
    const dest = await w.asDev.streaming.createDestination({
      name: "Ingest",
      type: "custom",
      rtmp_url: ingest.rtmpUrl,
      stream_key: "timeline_KEY",
      autorestart: true,
      project_id: w.project.id,
    });
    const s = await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
    const row = async () => (await w.deps.db.select().from(streams).where(eq(streams.id, s.id)))[0]!;
    const runs = () =>
      w.deps.db.select().from(liveRuns).where(eq(liveRuns.streamId, s.id)).orderBy(asc(liveRuns.id));

    await waitFor(async () => (await row()).plannedReconnects >= 1, 30_000, "a planned reconnect");
    // A real failure next: the running ffmpeg killed once its next run is live.
    await waitFor(
      async () => {
        const r = await row();
        return r.status === "running" && r.pid !== null;
      },
      10_000,
      "the next run live",
    );
    const before = (await runs()).length;
    await waitFor(async () => (await runs()).at(-1)?.endedAt === null, 10_000, "the next run's first frame");
    process.kill((await row()).pid!, "SIGKILL");
    await waitFor(async () => (await row()).errorCount >= 1, 10_000, "the failure recorded");
    await waitFor(
      async () => {
        const all = await runs();
        return all.length > before && all.at(-1)?.endedAt === null;
      },
      15_000,
      "back after it",
    );
    await w.deps.supervisor.stop(s.id);

    const failures = await w.deps.db.select().from(destinationFailures);
    expect(failures).toHaveLength(1);
    const answer = await w.asViewer.health.streamHealth({ streamId: s.id, hours: 1 });
    const marked = answer.planned_reconnects.map((p) => Date.parse(p.at));
    // Every planned reconnect the history counts, and nothing else: not the failure, not the stop.
    const stream = await row();
    expect(marked).toHaveLength(stream.plannedReconnects);
    expect(marked.length).toBeGreaterThanOrEqual(1);
    expect(marked).not.toContain(failures[0]!.at);
    expect(marked).not.toContain(stream.stoppedAt);
    expect(marked.at(-1)).toBeLessThanOrEqual(stream.lastPlannedReconnectAt!);
    // Each mark is the end of a run followed at once by the next run's first frame.
    const all = await runs();
    expect(all.filter((r) => r.planned).map((r) => r.endedAt)).toEqual(marked);
    expect(all.filter((r) => !r.planned).length).toBeGreaterThanOrEqual(2);
  }, 60_000);
});
