// Fast-forward soak: a month of stream time through the real supervisor, in minutes. One stream of a
// tiny looped clip goes to a recording nginx-rtmp with `-re` replaced by a faster read rate (the
// supervisor's `readRate` timing, set in code only), across the real planned reconnect before FLV's
// 2^31 ms limit. It prints the bench process's memory and open files, ffmpeg's memory, what the
// recording holds (refused timestamps, keyframe gaps, sound holes, end difference) and the
// reconnects, each beside its budget. It asserts nothing.
//
// The clip is shaped as Steam takes a file (H.264 High, AAC-LC, 16:9, a keyframe every second) but
// tiny: 160x90 at 5 fps, sound 8 kHz mono, so a month is a few hundred million bytes a day at most.
// 5 fps is not one of Steam's rates, so it goes to a custom destination, which takes any H.264+AAC
// by copy: the console's own probe and readiness verdict decide, and the stream's launch path picks
// the file (the original, or a prepared copy if the verdict ever says so — then the bench says so).
//
// What still runs on the wall clock, not on stream time (the figures say which): the stall watch
// (a frame every progress period, easily met), the backoff and its healthy reset, the start-up slot,
// and the uptime record (live runs are stamped with wall time, so a month shows as minutes there).
// The planned reconnect's bound (-t) and the loop count are stream time, as on air.
//
// Run: bun test/bench/month-soak.ts   (env: DAYS=30, CLIP_S=12.8, RATE=10000; RATE=0 reads with no
// limit). CLIP_S is best a multiple of 3.2 s, where 5 fps frames and 8 kHz AAC frames end together.
// The recording takes about 200 MB per day of stream time and is deleted at the end.
import { mkdtempSync, readdirSync, rmSync, statfsSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDeps } from "@server/deps";
import { recordMediaFile } from "@server/features/media/media";
import { probeMedia } from "@server/features/media/probe";
import { mediaPaths } from "@server/features/media/storage";
import { DEFAULT_TIMINGS } from "@server/features/streaming/backoff";
import { runSpan } from "@server/features/streaming/stream-run";
import { startStreamUnattended } from "@server/features/streaming/stream-start";
import { Supervisor } from "@server/features/streaming/supervisor";
import { destinations, liveRuns, organizations, projects, streams, users } from "@server/platform/db/schema";
import { loadEnv } from "@server/platform/env";
import { eq } from "drizzle-orm";
import { startNginxRtmp } from "../fakes/nginx-rtmp";
import { checkRecording, type RecordingFigures } from "../support/recording-check";
import { rssKb } from "./bench-setup";

const DAYS = Number(process.env.DAYS ?? 30);
const CLIP_S = Number(process.env.CLIP_S ?? 12.8);
const RATE = Number(process.env.RATE ?? 10_000);
const FPS = 5;
const AUDIO_RATE = 8000;
/** Samples in one AAC-LC frame. */
const AAC_FRAME_SAMPLES = 1024;
const TARGET_S = DAYS * 86_400;
/** However slow the machine, the bench ends: the figures then say how much stream time it covered. */
const WALL_CAP_MS = 60 * 60_000;
const POLL_MS = 500;
const WRAP_MS = 2 ** 31;

const row = (what: string, figure: string, budget = "") =>
  console.log(`${what.padEnd(52)} ${figure.padStart(16)}${budget ? `   budget ${budget}` : ""}`);
const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;
const days = (s: number) => `${(s / 86_400).toFixed(2)} d`;
const fds = () => readdirSync("/proc/self/fd").length;
const benchRssKb = () => {
  Bun.gc(true);
  return rssKb(process.pid);
};
const procRssKb = (pid: number) => {
  try {
    return rssKb(pid);
  } catch {
    return null;
  }
};
const argvOf = (pid: number) => {
  try {
    return Bun.file(`/proc/${pid}/cmdline`)
      .text()
      .then((t) => t.split("\0"));
  } catch {
    return Promise.resolve([]);
  }
};

/**
 * The clip, made once with ffmpeg: test pattern and a tone, Steam's codecs and profiles, tiny. Its
 * sound is cut as the console cuts a prepared copy's, to the whole AAC frames that fit in the picture
 * less the encoder's priming one, so that it loops by stream copy without a seam.
 */
async function makeClip(out: string) {
  const fit = Math.floor((CLIP_S * AUDIO_RATE) / AAC_FRAME_SAMPLES);
  const proc = Bun.spawn(
    [
      ...[process.env.FFMPEG_PATH ?? "ffmpeg", "-hide_banner", "-loglevel", "error", "-y"],
      ...["-f", "lavfi", "-i", `testsrc2=size=160x90:rate=${FPS}:duration=${CLIP_S}`],
      ...["-f", "lavfi", "-i", `sine=frequency=440:sample_rate=${AUDIO_RATE}:duration=${CLIP_S + 1}`],
      ...["-af", `atrim=end_sample=${(fit - 1) * AAC_FRAME_SAMPLES}`],
      ...["-c:v", "libx264", "-preset", "veryfast", "-profile:v", "high", "-pix_fmt", "yuv420p"],
      ...["-b:v", "8k", "-maxrate", "8k", "-bufsize", "8k"],
      ...["-g", String(FPS), "-keyint_min", String(FPS), "-sc_threshold", "0"],
      ...["-map", "0:v", "-map", "1:a"],
      ...["-c:a", "aac", "-profile:a", "aac_low", "-ar", String(AUDIO_RATE), "-ac", "1", "-b:a", "8k"],
      ...["-movflags", "+faststart", "-f", "mp4", out],
    ],
    { stdout: "ignore", stderr: "pipe" },
  );
  if ((await proc.exited) !== 0) throw new Error(await new Response(proc.stderr).text());
}

/** Ctrl-C ends the run early and still deletes the recording (gigabytes) on the way out. */
let interrupted = false;
process.on("SIGINT", () => {
  interrupted = true;
});

interface PidSamples {
  firstKb: number;
  lastKb: number;
  lastOutS: number;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), "console-month-soak-"));
  const ingest = await startNginxRtmp({ record: true });
  const env = loadEnv({ DATA_DIR: dataDir, ALLOW_PRIVATE_TARGETS: "on" });
  const deps = createDeps(env);
  const logs: string[] = [];
  const supervisor = new Supervisor({
    db: deps.db,
    env,
    now: deps.now,
    events: deps.events,
    resolve: deps.resolve,
    log: (l) => logs.push(l),
    timings: { readRate: RATE },
  });
  deps.supervisor = supervisor;
  const wallStart = Date.now();
  try {
    // The clip, recorded as an upload is: the console's probe and readiness verdict.
    const storedName = `${crypto.randomUUID()}.mp4`;
    const clip = mediaPaths(dataDir).file(storedName);
    await makeClip(clip);
    const meta = await probeMedia(env.FFPROBE_PATH, clip);
    if (!meta) throw new Error("the clip could not be probed");
    const org = (await deps.db.insert(organizations).values({ name: "Soak", slug: "soak" }).returning())[0]!;
    const user = (
      await deps.db
        .insert(users)
        .values({ name: "Soak", email: "soak@example.com", passwordHash: "-", role: "admin", orgId: org.id })
        .returning()
    )[0]!;
    const project = (await deps.db.insert(projects).values({ name: "Soak", orgId: org.id }).returning())[0]!;
    const fileSize = statSync(clip).size;
    const mediaId = await recordMediaFile(
      deps,
      {
        projectId: project.id,
        originalName: "soak.mp4",
        storedName,
        fileSize,
        posterName: null,
        uploadedBy: user.id,
      },
      meta,
    );
    const dest = (
      await deps.db
        .insert(destinations)
        .values({
          projectId: project.id,
          name: "nginx",
          type: "custom",
          rtmpUrl: ingest.rtmpUrl,
          streamKey: "soak",
          autorestart: true,
        })
        .returning()
    )[0]!;

    // How many planned reconnects a month holds: each run plays the clip a whole number of times
    // within the real limit, as the supervisor computes it.
    const span = runSpan(DEFAULT_TIMINGS, null, meta.durationSeconds);
    const spanS =
      span.loops === null ? span.endAfterSeconds : (span.loops + 1) * (meta.durationSeconds ?? CLIP_S);
    const expectedPlanned = Math.floor(TARGET_S / spanS);
    // What a month of this file weighs at the receiver: its own rate, and FLV's few bytes per packet.
    const needFor = (file: string) => (statSync(file).size / CLIP_S) * 1.15 * TARGET_S;
    const needBytes = needFor(clip);
    const freeBytes = () => {
      const s = statfsSync(tmpdir());
      return s.bavail * s.bsize;
    };
    const free = freeBytes();
    const roomFor = (bytes: number) => freeBytes() >= bytes * 1.5 + 2e9;
    console.log(
      `clip ${CLIP_S} s (${fileSize} bytes, ${meta.width}x${meta.height} ${meta.frameRate} fps, ` +
        `${meta.videoCodec}/${meta.audioCodec}, steam_ready ${meta.steamReady}: ${meta.steamReasons ?? "—"})`,
    );
    console.log(
      `${DAYS} days of stream time at read rate ${RATE || "unlimited"}; a run ends after ` +
        `${span.loops === null ? "its time bound" : `${span.loops + 1} plays`} (${days(spanS)}); ` +
        `recording needs about ${(needBytes / 1e9).toFixed(1)} GB, ${(free / 1e9).toFixed(0)} GB free`,
    );
    if (!roomFor(needBytes)) {
      console.log("Not enough free disk space for the recording: lower DAYS or free space.");
      return;
    }
    const rssAtLaunchKb = benchRssKb();

    const s = await startStreamUnattended(deps, { destinationId: dest.id, startedBy: user.id, mediaId });
    const streamRow = async () =>
      (await deps.db.select().from(streams).where(eq(streams.id, s.id)).limit(1))[0]!;
    const until = async (ok: () => boolean | Promise<boolean>, what: string, ms = 60_000) => {
      const end = Date.now() + ms;
      while (!(await ok())) {
        if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
        await Bun.sleep(100);
      }
    };
    await until(
      async () => (await streamRow()).status === "running" && (supervisor.live(s.id)?.frame ?? 0) > 0,
      "the first frame",
      // A prepared copy is encoded first.
      300_000,
    );
    const firstPid = (await streamRow()).pid!;
    const argv = await argvOf(firstPid);
    const sent = argv[argv.indexOf("-i") + 1] ?? "";
    console.log(
      `streaming ${sent.includes("/prepared/") ? "a PREPARED COPY (the readiness verdict asked for one)" : "the original clip"}; ` +
        `ffmpeg read rate: ${argv.includes("-re") ? "-re" : argv.includes("-readrate") ? `-readrate ${argv[argv.indexOf("-readrate") + 1]}` : "none"}\n`,
    );
    // A prepared copy (1080p30 at 6 Mbps) weighs hundreds of times the clip: not recorded for a month.
    if (sent !== clip && !roomFor(needFor(sent))) {
      console.log(
        `A month of the prepared copy needs about ${(needFor(sent) / 1e9).toFixed(0)} GB: stopped. ` +
          "Lower DAYS, or make the clip one the readiness verdict sends straight.",
      );
      await supervisor.stop(s.id);
      return;
    }
    // Let the first seconds' allocations settle before the baseline.
    await Bun.sleep(5000);
    const rssStartKb = benchRssKb();
    const fdStart = fds();

    const byPid = new Map<number, PidSamples>();
    let streamS = 0;
    let lastPrint = 0;
    while (Date.now() - wallStart < WALL_CAP_MS && !interrupted) {
      const r = await streamRow();
      const pid = r.pid;
      const live = supervisor.live(s.id);
      if (pid && live) {
        const kb = procRssKb(pid);
        const seen = byPid.get(pid);
        if (kb !== null) {
          if (seen) Object.assign(seen, { lastKb: kb, lastOutS: live.out_time_seconds });
          else byPid.set(pid, { firstKb: kb, lastKb: kb, lastOutS: live.out_time_seconds });
        }
        const before = [...byPid].filter(([p]) => p !== pid).reduce((sum, [, v]) => sum + v.lastOutS, 0);
        streamS = before + live.out_time_seconds;
        if (streamS >= TARGET_S) break;
        if (Date.now() - lastPrint > 30_000) {
          lastPrint = Date.now();
          console.log(
            `  ${((Date.now() - wallStart) / 60_000).toFixed(1)} min: ${days(streamS)} of stream time, ` +
              `speed ${live.speed}x, planned reconnects ${r.plannedReconnects}, failures ${r.errorCount}`,
          );
        }
      }
      await Bun.sleep(POLL_MS);
    }
    const rssEndKb = benchRssKb();
    const fdEnd = fds();
    const wallS = (Date.now() - wallStart) / 1000;
    const final = await streamRow();
    await supervisor.stop(s.id);

    // What nginx recorded: one file per publish.
    const files = ingest.recordings();
    const recordedBytes = files.reduce((sum, f) => sum + statSync(f).size, 0);
    console.log(
      `\nstreamed for ${(wallS / 60).toFixed(1)} min; nginx recorded ${files.length} file(s), ` +
        `${(recordedBytes / 1e9).toFixed(2)} GB; reading them back…`,
    );
    const checkStart = Date.now();
    const figures: RecordingFigures[] = [];
    for (const f of files) if (!interrupted) figures.push(await checkRecording(f));
    const checkS = (Date.now() - checkStart) / 1000;
    const recordedS = figures.reduce((sum, f) => sum + (f.lastMs - f.firstMs) / 1000, 0);

    const pids = [...byPid.values()];
    const ffFirst = pids[0];
    const ffLast = pids[pids.length - 1];
    const wallLive = (await deps.db.select().from(liveRuns).where(eq(liveRuns.streamId, s.id))).reduce(
      (sum, r) => sum + ((r.endedAt ?? Date.now()) - r.startedAt),
      0,
    );
    const publishes = ingest.events.filter((e) => e.call === "publish");
    const dones = ingest.events.filter((e) => e.call === "publish_done");
    const gaps = publishes.slice(1).map((p, i) => p.at - (dones[i]?.at ?? p.at));

    console.log("");
    row("stream time covered (recorded)", days(recordedS), `≥ ${DAYS} d`);
    row("loops of the clip", String(Math.floor(recordedS / CLIP_S)), "≥ 10000");
    row(
      "wall time streaming / reading the recording",
      `${(wallS / 60).toFixed(1)} / ${(checkS / 60).toFixed(1)} min`,
      "≤ 15 min",
    );
    row("bench process RSS, on air → end", `${mb(rssStartKb)} → ${mb(rssEndKb)}`, "flat within 5 MB");
    row("  (RSS at launch, before the stream)", mb(rssAtLaunchKb));
    row("bench process open fds, on air → end", `${fdStart} → ${fdEnd}`, "flat");
    for (const [i, p] of pids.entries())
      row(
        `ffmpeg run ${i + 1} RSS, first → last sample`,
        `${mb(p.firstKb)} → ${mb(p.lastKb)}`,
        "flat within 5 MB",
      );
    if (ffFirst && ffLast)
      row("ffmpeg RSS, start of first run → end of last", `${mb(ffFirst.firstKb)} → ${mb(ffLast.lastKb)}`);
    row("planned reconnects", String(final.plannedReconnects), `exactly ${expectedPlanned}`);
    row("failed runs (restarts after a failure)", String(final.errorCount), "0");
    row("publishes seen by nginx", String(publishes.length), `${expectedPlanned + 1}`);
    if (gaps.length) row("gap at a reconnect (wall), longest", `${Math.max(...gaps)} ms`, "< 2000 ms");
    for (const [i, f] of figures.entries()) {
      const tag = `recording ${i + 1}`;
      row(
        `${tag}: stream time, last timestamp`,
        `${days((f.lastMs - f.firstMs) / 1000)}, ${f.lastMs}`,
        `< ${WRAP_MS}`,
      );
      row(`${tag}: DTS errors decoding it`, String(f.dtsErrors), "0");
      row(`${tag}: longest keyframe gap`, `${f.maxKeyframeGapMs} ms`, `≤ ${2000 + f.videoFrameMs} ms`);
      row(`${tag}: longest audio hole`, `${f.maxAudioHoleMs} ms`, `≤ ${f.audioFrameMs + 1} ms`);
      // The last run is cut wherever the bench stops it, mid-play: only a planned end falls on a seam.
      const atSeam = i < figures.length - 1;
      row(
        `${tag}: audio − video at the end (${atSeam ? "at a planned seam" : "stopped by the bench"})`,
        `${f.endDifferenceMs} ms`,
        atSeam ? `±${Math.max(f.videoFrameMs, f.audioFrameMs) + 1} ms` : "none: cut mid-play",
      );
    }
    row("uptime record's live time (wall clock, not stream time)", `${(wallLive / 1000).toFixed(0)} s`);
    if (final.errorCount > 0) {
      const said = logs.filter((l) => l.includes("failed") || l.includes("said"));
      console.log(`\nlast failure: ${final.lastErrorMessage}\n${said.join("\n")}`);
    }
  } finally {
    await supervisor.shutdown();
    await ingest.stop();
    await deps.closeDb();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
