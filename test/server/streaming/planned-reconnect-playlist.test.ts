import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { LoopPlan } from "@server/features/streaming/loop-plan";
import { runSpan } from "@server/features/streaming/stream-run";
import { destinationFailures, streams } from "@server/platform/db/schema";
import { eq } from "drizzle-orm";
import { startNginxRtmp } from "../../fakes/nginx-rtmp";
import { waitFor } from "../../fakes/rtmp-receiver";
import { h264Mp4, steamReadyMp4 } from "../../support/media";
import { packetTimes } from "../../support/recording-check";
import { addVideo, FAST_TIMINGS, streamingWorld, withSupervisor } from "./streaming-fixtures";

// A playlist's run, like a single file's, plays a whole number of loops and reconnects on purpose at
// a seam before FLV's timestamp limit: real ffmpeg, a real nginx-rtmp recording each publish. An edit
// on air that shortens the list ends the run early, at a seam all the same: planned, not a failure.

const WRAP_MS = 2 ** 31;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const argvOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);

/** A world with a playlist of a 2 s and a 3 s item (one shape: sent as they are) and a recording ingest. */
async function playlistWorld(spanMs: number) {
  const w = await streamingWorld({ ALLOW_PRIVATE_TARGETS: "on" });
  const logs: string[] = [];
  const offsetMs = WRAP_MS - 500 - spanMs;
  withSupervisor(w.deps, { ...FAST_TIMINGS, outputTsOffsetMs: offsetMs, tsLimitMs: WRAP_MS - 500 }, (l) =>
    logs.push(l),
  );
  const ingest = await startNginxRtmp({ record: true });
  cleanups.push(
    () => ingest.stop(),
    () => w.deps.supervisor.shutdown(),
  );
  const shape = { width: 320, height: 180, frameRate: 30 };
  const a = await addVideo(w.deps, w.project.id, await steamReadyMp4(2), { ...shape, durationSeconds: 2 });
  const b = await addVideo(w.deps, w.project.id, await h264Mp4(3, {}, "playlist-b-3s"), {
    ...shape,
    durationSeconds: 3,
  });
  const list = await w.asDev.playlists.create({
    project_id: w.project.id,
    name: "Loop",
    media_ids: [a.id, b.id],
  });
  const dest = await w.asDev.streaming.createDestination({
    name: "Ingest",
    type: "custom",
    rtmp_url: ingest.rtmpUrl,
    stream_key: "list_KEY",
    autorestart: true,
    project_id: w.project.id,
  });
  const s = await w.asDev.streaming.start({ destinationId: dest.id, playlistId: list.id });
  const row = async () => (await w.deps.db.select().from(streams).where(eq(streams.id, s.id)))[0]!;
  const noFailure = async () => {
    expect(await row()).toMatchObject({ errorCount: 0, lastErrorMessage: null });
    expect(await w.deps.db.select().from(destinationFailures)).toHaveLength(0);
    expect(logs.filter((l) => l.includes("failed"))).toEqual([]);
  };
  return { w, ingest, offsetMs, a, list, s, row, noFailure };
}

describe("a playlist's planned reconnect", () => {
  test("ends the run at a seam after whole plays of the list, below the limit, not as a failure", async () => {
    // An 11 s span holds one pass of the outer list (two plays of 5 s): the run ends after 10 s.
    const t = await playlistWorld(11_000);
    const argv = async () => {
      const { pid } = await t.row();
      return pid === null ? [] : argvOf(pid);
    };
    await waitFor(async () => (await argv()).includes("-stream_loop"), 15_000, "ffmpeg started");
    // One read of the command line: it is the launcher's until it hands over to ffmpeg, with the same
    // arguments after its own, so two reads may not line up.
    const args = await argv();
    expect(args[args.indexOf("-stream_loop") + 1]).toBe("0");
    await waitFor(async () => (await t.row()).plannedReconnects >= 1, 30_000, "a planned reconnect");
    const publishes = () => t.ingest.events.filter((e) => e.call === "publish");
    await waitFor(() => publishes().length >= 2, 5000, "the next run to publish");
    const done = t.ingest.events.find((e) => e.call === "publish_done")!;
    expect(publishes()[1]!.at - done.at).toBeLessThan(2000);
    await t.noFailure();

    // The finished recording: from the offset to the end of the second item's second play (10 s and
    // its last audio frame), not to the 11 s bound mid-item; never at or past the limit.
    const pts = packetTimes(t.ingest.recordings()[0]!);
    expect(pts.length).toBeGreaterThan(100);
    expect(Math.min(...pts)).toBeGreaterThanOrEqual(t.offsetMs - 100);
    expect(Math.max(...pts)).toBeGreaterThan(t.offsetMs + 9800);
    expect(Math.max(...pts)).toBeLessThan(t.offsetMs + 10_100);
    expect(Math.max(...pts)).toBeLessThan(WRAP_MS - 500);
  }, 60_000);

  test("a list shortened on air ends the run early at a seam, counted as planned, not as a failure", async () => {
    // A 30.5 s span: two passes, four plays of 5 s, planned to end after 20 s. Cut to its 2 s item
    // during the first play, the run plays 5 + 3 × 2 s and ffmpeg ends by itself (exit 0) after 11 s.
    const t = await playlistWorld(30_500);
    const out = () => t.w.deps.supervisor.live(t.s.id)?.out_time_seconds ?? 0;
    await waitFor(() => out() >= 0.5, 15_000, "the first play on air");
    await t.w.asDev.playlists.update({ id: t.list.id, media_ids: [t.a.id] });
    expect(out()).toBeLessThan(5);
    await waitFor(async () => (await t.row()).plannedReconnects >= 1, 30_000, "the early end, as planned");
    await t.noFailure();
    const pts = packetTimes(t.ingest.recordings()[0]!);
    expect(Math.max(...pts)).toBeLessThan(t.offsetMs + 19_000);
    expect(Math.max(...pts)).toBeGreaterThan(t.offsetMs + 10_800);
  }, 60_000);
});

describe("a playlist's span and planned end", () => {
  const t = { ...FAST_TIMINGS, tsLimitMs: 24 * 24 * 3600_000, outputTsOffsetMs: 0 } as never;
  const list = (seconds: number, items: number) => ({ seconds, items, playsPerPass: 2 });

  test("whole passes of two plays, each item counted 0.1 s long; too long for one pass: by time", () => {
    // A 3-item, 20-minute list in a 47 h interval: 140 plays fit, 70 passes (-stream_loop 69).
    const span = runSpan(t, 47, list(1200, 3));
    expect(span.loops).toBe(69);
    expect(new LoopPlan(span, list(1200, 3)).seconds).toBeCloseTo(70 * 2 * 1199.7, 6);
    // A 1 h list in a 1 h interval cannot play one pass (two plays): cut by time, ending at -t.
    const cut = runSpan(t, 1, list(3600, 2));
    expect(cut.loops).toBeNull();
    expect(new LoopPlan(cut, list(3600, 2)).seconds).toBe(3600);
  });

  test("an edit moves the planned end to the least the remaining plays can last, never past -t", () => {
    const span = { endAfterSeconds: 100, offsetMs: 0, loops: 3 }; // 8 plays of a 10 s list
    const shorter = new LoopPlan(span, list(10, 1));
    expect(shorter.seconds).toBeCloseTo(8 * 9.9, 6);
    // At 15 s the second play is on: six more at 4 s (each at least 3.9 s) from there at the least.
    shorter.edited(15, list(4, 1));
    expect(shorter.seconds).toBeCloseTo(15 + 6 * 3.9, 6);
    const longer = new LoopPlan(span, list(10, 1));
    longer.edited(15, list(60, 1));
    expect(longer.seconds).toBe(100);
    // A length not known: any clean end from the edit on is the planned one.
    const unknown = new LoopPlan(span, list(10, 1));
    unknown.edited(15, null);
    expect(unknown.seconds).toBe(15);
    // A resumed run plays its own list once: edits leave its end alone.
    const resumed = new LoopPlan({ ...span, loops: 0 }, list(10, 1), 7);
    resumed.edited(3, list(2, 1));
    expect(resumed.seconds).toBe(7);
  });
});
