import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { streamArgs } from "@server/features/streaming/ffmpeg-args";
import {
  itemAt,
  lastAlive,
  placeInPlay,
  resumeAfterServerEnd,
} from "@server/features/streaming/resume-point";
import { streams } from "@server/platform/db/schema";
import { eq } from "drizzle-orm";
import { startNginxRtmp } from "../../fakes/nginx-rtmp";
import { waitFor } from "../../fakes/rtmp-receiver";
import { waitUntil } from "../../support/wait";
import { addVideo, streamingWorld, withSupervisor } from "./streaming-fixtures";

// After an unplanned end, a stream goes on where it stopped. Shown at a real receiver: nginx-rtmp
// records every publish, and each received video packet is found, by its bytes, in the source files,
// which says what was on air when the run stopped and what the next run sent first.

const clipDir = mkdtempSync(join(tmpdir(), "console-resume-clips-"));
process.once("exit", () => rmSync(clipDir, { recursive: true, force: true }));

/** A clip whose every frame differs from every other clip's (its own hue), 2 s keyframes. */
async function clip(seconds: number, hue: number): Promise<string> {
  const out = join(clipDir, `clip-${seconds}s-${hue}.mp4`);
  const lavfi = (graph: string) => ["-f", "lavfi", "-i", graph];
  const proc = Bun.spawn(
    [
      "ffmpeg",
      ...["-v", "error", "-y"],
      ...lavfi(`testsrc2=size=320x180:rate=25:duration=${seconds},hue=h=${hue}`),
      ...lavfi(`sine=frequency=440:sample_rate=44100:duration=${seconds}`),
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
      ...["-g", "50", "-keyint_min", "50", "-sc_threshold", "0", "-c:a", "aac", "-b:a", "64k", out],
    ],
    { stdout: "ignore", stderr: "inherit" },
  );
  if ((await proc.exited) !== 0) throw new Error("ffmpeg could not make the clip");
  return out;
}

/** Every video packet of a file: its time (s) and a hash of its bytes. */
function videoPackets(file: string): { t: number; hash: string }[] {
  const out = Bun.spawnSync([
    ...["ffprobe", "-v", "error", "-select_streams", "v", "-show_data_hash", "CRC32"],
    ...["-show_entries", "packet=pts_time,data_hash", "-of", "csv=p=0", file],
  ]);
  return out.stdout
    .toString()
    .split("\n")
    .filter(Boolean)
    .map((l) => {
      const [t = "", hash = ""] = l.split(",");
      return { t: Number(t), hash };
    });
}

/** Where each source packet sits: its item (the clip's place in the list) and its time in that clip. */
function sourceIndex(clips: string[]): Map<string, { item: number; t: number }> {
  const index = new Map<string, { item: number; t: number }>();
  clips.forEach((file, item) => {
    for (const p of videoPackets(file)) index.set(p.hash, { item, t: p.t });
  });
  return index;
}

/** The first and last packets of a recording that are found in the sources. */
function placesOf(rec: string, index: Map<string, { item: number; t: number }>) {
  const found = videoPackets(rec)
    .map((p) => index.get(p.hash))
    .filter((p) => p !== undefined);
  return { first: found[0], last: found.at(-1), count: found.length };
}

/** How often a recording's timestamps go back (or stand still) within one stream. */
function backwardSteps(rec: string): number {
  const out = Bun.spawnSync([
    ...["ffprobe", "-v", "error", "-show_entries", "packet=stream_index,dts", "-of", "csv=p=0", rec],
  ]);
  const last = new Map<string, number>();
  let back = 0;
  for (const line of out.stdout.toString().split("\n").filter(Boolean)) {
    const [s = "", dts = ""] = line.split(",");
    const v = Number(dts);
    if (last.has(s) && v <= (last.get(s) ?? 0)) back++;
    last.set(s, v);
  }
  return back;
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function world(key: string) {
  const w = await streamingWorld({ ALLOW_PRIVATE_TARGETS: "on" });
  const ingest = await startNginxRtmp({ record: true });
  cleanups.push(
    () => ingest.stop(),
    () => w.deps.supervisor.shutdown(),
  );
  const dest = await w.asDev.streaming.createDestination({
    name: "Ingest",
    type: "custom",
    rtmp_url: ingest.rtmpUrl,
    stream_key: key,
    autorestart: true,
    project_id: w.project.id,
  });
  const row = async (id: number) => (await w.deps.db.select().from(streams).where(eq(streams.id, id)))[0]!;
  const recorded = (n: number, packets = 30) =>
    waitFor(
      () => {
        const recs = ingest.recordings();
        return recs.length >= n && videoPackets(recs[n - 1]!).length >= packets;
      },
      30_000,
      `recording ${n} with ${packets} video packets`,
    );
  return { w, ingest, dest, row, recorded };
}

const shape = { width: 320, height: 180, frameRate: 25 };

describe("resume where it stopped", () => {
  test("a long file killed mid-play resumes within 2 s of the stop, then loops whole from the start", async () => {
    const { w, ingest, dest, row, recorded } = await world("resume-file");
    const file = await clip(20, 0);
    const index = sourceIndex([file]);
    const media = await addVideo(w.deps, w.project.id, file, { ...shape, durationSeconds: 20 });
    const s = await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
    await waitFor(() => (w.deps.supervisor.live(s.id)?.out_time_seconds ?? 0) >= 8, 30_000, "8 s on air");
    process.kill((await row(s.id)).pid!, "SIGKILL");

    await recorded(2);
    const [first, second] = ingest.recordings();
    const stop = placesOf(first!, index).last!;
    const resumed = placesOf(second!, index).first!;
    expect(stop.t).toBeGreaterThan(7);
    // Not the file's start: within 2 s of the last frame the receiver had (the keyframe before it).
    expect(Math.abs(resumed.t - stop.t)).toBeLessThanOrEqual(2);
    expect((await row(s.id)).errorCount).toBe(1);

    // The resumed run plays the rest of the file, then reconnects as planned; the next starts at 0.
    await recorded(3);
    const rest = ingest.recordings()[1]!;
    expect(placesOf(rest, index).last!.t).toBeGreaterThan(19);
    expect(backwardSteps(rest)).toBe(0);
    expect(placesOf(ingest.recordings()[2]!, index).first!.t).toBe(0);
    expect(await row(s.id)).toMatchObject({ errorCount: 1, plannedReconnects: 1 });
  }, 90_000);

  test("a playlist killed during its second item resumes in that item", async () => {
    const { w, ingest, dest, row, recorded } = await world("resume-list");
    const files = await Promise.all([clip(6, 0), clip(6, 120), clip(6, 240)]);
    const index = sourceIndex(files);
    const items = await Promise.all(
      files.map((f) => addVideo(w.deps, w.project.id, f, { ...shape, durationSeconds: 6 })),
    );
    const list = await w.asDev.playlists.create({
      project_id: w.project.id,
      name: "Three",
      media_ids: items.map((m) => m.id),
    });
    const s = await w.asDev.streaming.start({ destinationId: dest.id, playlistId: list.id });
    await waitFor(
      () => (w.deps.supervisor.live(s.id)?.out_time_seconds ?? 0) >= 8.5,
      30_000,
      "item 2 on air",
    );
    process.kill((await row(s.id)).pid!, "SIGKILL");

    // While the resumed run is on air, the card's place in the play counts from where it started, so
    // the "on air" item is the second, not the first the run's own sent time would point at.
    const live = await waitUntil(
      () => {
        const f = w.deps.supervisor.live(s.id);
        return f && f.out_time_seconds < 5 ? f : null;
      },
      30_000,
      "the resumed run on air",
    );
    expect(live.play_seconds).toBeGreaterThanOrEqual(6);
    expect(live.play_seconds).toBeLessThan(12);
    await recorded(2);
    const [first, second] = ingest.recordings();
    const stop = placesOf(first!, index).last!;
    const resumed = placesOf(second!, index);
    expect(stop.item).toBe(1);
    expect(resumed.first!.item).toBe(1);
    expect(Math.abs(resumed.first!.t - stop.t)).toBeLessThanOrEqual(2);
    expect(backwardSteps(second!)).toBe(0);
  }, 90_000);

  test("a stop by a person, then a start, plays from the beginning", async () => {
    const { w, ingest, dest, recorded } = await world("resume-stop");
    const file = await clip(20, 60);
    const index = sourceIndex([file]);
    const media = await addVideo(w.deps, w.project.id, file, { ...shape, durationSeconds: 20 });
    const first = await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
    await waitFor(() => (w.deps.supervisor.live(first.id)?.out_time_seconds ?? 0) >= 6, 30_000, "6 s on air");
    await w.asDev.streaming.stop({ streamId: first.id });
    await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
    await recorded(2);
    const [one, two] = ingest.recordings();
    expect(placesOf(one!, index).last!.t).toBeGreaterThan(5);
    expect(placesOf(two!, index).first!.t).toBe(0);
  }, 60_000);

  test("after a server restart, the next server resumes the stream where it stopped", async () => {
    const { w, ingest, dest, row, recorded } = await world("resume-server");
    const file = await clip(20, 180);
    const index = sourceIndex([file]);
    const media = await addVideo(w.deps, w.project.id, file, { ...shape, durationSeconds: 20 });
    const s = await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
    await waitFor(() => (w.deps.supervisor.live(s.id)?.out_time_seconds ?? 0) >= 7, 30_000, "7 s on air");
    // The run's row says when its play began: a server start reads it, nothing of the memory survives.
    expect((await row(s.id)).playOriginAt).toBeLessThan(Date.now() - 6000);
    await w.deps.supervisor.shutdown();
    const next = withSupervisor(w.deps);
    const resumed = await next.reconcile();
    expect(resumed).toHaveLength(1);

    await recorded(2);
    const [first, second] = ingest.recordings();
    const stop = placesOf(first!, index).last!;
    const start = placesOf(second!, index).first!;
    expect(stop.t).toBeGreaterThan(6);
    expect(Math.abs(start.t - stop.t)).toBeLessThanOrEqual(2);
  }, 60_000);

  test("a server killed mid-stream: its stamp tells when, the row when the play began", () => {
    const dataDir = mkdtempSync(join(tmpdir(), "console-resume-stamp-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const now = Date.now();
    expect(lastAlive(dataDir)).toBeNull();
    mkdirSync(join(dataDir, "streaming"));
    writeFileSync(join(dataDir, "streaming", "alive"), "");
    utimesSync(join(dataDir, "streaming", "alive"), new Date(now), new Date(now));
    const aliveAt = lastAlive(dataDir);
    expect(Math.abs((aliveAt ?? 0) - now)).toBeLessThan(5);
    const rows = { media: { durationSeconds: 20 } } as never;
    const live = { status: "running", stoppedAt: null, playOriginAt: now - 47_000 } as never;
    // 47 s after the play began, in a 20 s file: 7 s into its third play.
    expect(resumeAfterServerEnd(live, rows, aliveAt)).toBeCloseTo(7);
    // Stopped by a graceful shutdown: its own stop time counts, not the stamp.
    const stopped = { status: "stopped", stoppedAt: now - 2000, playOriginAt: now - 47_000 } as never;
    expect(resumeAfterServerEnd(stopped, rows, aliveAt)).toBeCloseTo(5);
    // A run that never sent a frame, or no stamp: from the start.
    expect(resumeAfterServerEnd({ ...(live as object), playOriginAt: null } as never, rows, aliveAt)).toBe(0);
    expect(resumeAfterServerEnd(live, rows, null)).toBe(0);
  });
});

describe("the place in the play", () => {
  test("elapsed time modulo one play; too little left starts the next play", () => {
    expect(placeInPlay([20], 47)).toBeCloseTo(7);
    expect(placeInPlay([6, 6, 6], 26.5)).toBeCloseTo(8.5);
    expect(placeInPlay([20], 39)).toBe(0);
    expect(placeInPlay([20], -3)).toBe(0);
    expect(itemAt([6, 6, 6], 8.5)).toEqual({ item: 1, offset: 2.5 });
    expect(itemAt([6, 6, 6], 0)).toEqual({ item: 0, offset: 0 });
  });

  test("a resumed run seeks into the file and does not loop", () => {
    const span = { endAfterSeconds: 100, offsetMs: 0, loops: 0 };
    const target = { url: "rtmp://127.0.0.1/live", app: null, tcUrl: null, playpath: null };
    const args = streamArgs("/m/a.mp4", target, null, span, { seekSeconds: 7.25 });
    expect(args.slice(args.indexOf("-ss"), args.indexOf("-ss") + 2)).toEqual(["-ss", "7.250"]);
    expect(args.indexOf("-ss")).toBeLessThan(args.indexOf("-i"));
    expect(args[args.indexOf("-stream_loop") + 1]).toBe("0");
    expect(streamArgs("/m/a.mp4", target, null, span)).not.toContain("-ss");
  });
});
