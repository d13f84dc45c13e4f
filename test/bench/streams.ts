// Stream benchmark: N streams of a 1080p30 ~6 Mbps H.264/AAC file, started through the API
// of a real server process, pushed by stream copy to nginx-rtmp on loopback. After 60 s it prints:
// per-stream ffmpeg CPU (from /proc), server RSS growth per stream, the lowest speed seen, start
// latency (API call to first media at the receiver, p50 and max) and stop latency.
// Budgets (2-core machine): speed ≥ 0.99×, ffmpeg CPU ≤ 3 % of a core per stream, RSS ≤ 2 MB per
// stream, start (API call to first media) with 10 at once all within 0.8 s and with 20 at once p50
// ≤ 1.0 s, stop ≤ 1 s. It prints the figures beside them; it asserts nothing.
// Run: bun test/bench/streams.ts   (env: STREAMS=20, SECONDS=60, START_GAP_MS=0, BENCH_DEBUG=1)
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { syntheticVideoCommand } from "@server/features/media/synthetic-video";
import { cpuTicks } from "@server/features/streaming/system-figures";
import type { Subprocess } from "bun";
import { type NginxRtmp, startNginxRtmp } from "../fakes/nginx-rtmp";
import { waitFor } from "../fakes/rtmp-receiver";
import { startServerProcess } from "../server/streaming/streaming-server-process";
import { rssKb, seedBenchStreams, stopChildren } from "./bench-setup";

const N = Number(process.env.STREAMS ?? 20);
const HOLD_S = Number(process.env.SECONDS ?? 60);
/** Pause between start calls; 0 starts them back to back (a burst of ffmpeg start-ups). */
const START_GAP_MS = Number(process.env.START_GAP_MS ?? 0);
const FFMPEG = process.env.FFMPEG_PATH ?? "ffmpeg";
const MEDIA_CACHE = join(tmpdir(), "console-bench-media");
const SOURCE = join(MEDIA_CACHE, "1080p30-6mbps-20s.mp4");

const work = mkdtempSync(join(tmpdir(), "console-bench-streams-"));
const children: Subprocess[] = [];

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};

/** ~20 s of 1080p30 H.264 High (~6 Mbps, keyframe every 2 s) + AAC, made once and cached. */
async function benchMedia(): Promise<string> {
  if (existsSync(SOURCE)) return SOURCE;
  mkdirSync(MEDIA_CACHE, { recursive: true });
  console.log("making the 1080p30 source (once)...");
  const partial = `${SOURCE}.part.mp4`;
  // Temporal noise keeps the encoder near its bitrate on a synthetic picture.
  const proc = Bun.spawn(
    syntheticVideoCommand(
      FFMPEG,
      {
        seconds: 20,
        size: "1920x1080",
        toneHz: 440,
        preset: "veryfast",
        videoArgs: [
          "-vf",
          "noise=alls=12:allf=t",
          "-profile:v",
          "high",
          "-b:v",
          "6000k",
          "-maxrate",
          "6000k",
          "-bufsize",
          "12000k",
        ],
      },
      partial,
    ),
    { stdout: "ignore", stderr: "inherit" },
  );
  if ((await proc.exited) !== 0) throw new Error("could not make the bench media");
  await Bun.write(SOURCE, Bun.file(partial));
  rmSync(partial);
  return SOURCE;
}

async function main() {
  const source = await benchMedia();
  const nginx = await startNginxRtmp();
  ingest = nginx;
  const dataDir = join(work, "data");
  const server = await startServerProcess(dataDir);
  children.push(server.proc);
  const api = await server.api();

  // Set-up rows straight into the server's SQLite file; the streams themselves go through the API.
  const { project, media, dests } = await seedBenchStreams(dataDir, {
    source,
    storedName: "bench-1080p30.mp4",
    video: { durationSeconds: 20, width: 1920, height: 1080, frameRate: 30 },
    rtmpUrl: nginx.rtmpUrl,
    count: N,
    keyPrefix: "s",
  });

  await Bun.sleep(1000);
  const rssBefore = rssKb(server.proc.pid);

  // Start one after another; a watcher polls /stat and notes when each stream's media first flows.
  const calledAt = new Map<string, number>();
  const firstMedia = new Map<string, number>();
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      for (const name of await nginx.flowing()) {
        if (calledAt.has(name) && !firstMedia.has(name)) firstMedia.set(name, performance.now());
      }
      await Bun.sleep(20);
    }
  })();
  const streamIds: number[] = [];
  const answeredAfter: number[] = [];
  for (const d of dests) {
    calledAt.set(d.streamKey, performance.now());
    const res = await api(`/destinations/${d.id}/stream`, { method: "POST", json: { mediaId: media.id } });
    answeredAfter.push(performance.now() - calledAt.get(d.streamKey)!);
    if (START_GAP_MS > 0) await Bun.sleep(START_GAP_MS);
    if (res.status !== 201) throw new Error(`start failed: ${res.status} ${await res.text()}`);
    streamIds.push((await res.json()).id);
  }
  await waitFor(() => firstMedia.size === N, 30_000, "media from every stream at nginx");
  watching = false;
  await watcher;
  const startLatencies = dests.map((d) => firstMedia.get(d.streamKey)! - calledAt.get(d.streamKey)!);
  if (process.env.BENCH_DEBUG) console.log("call→first media ms:", startLatencies.map(Math.round).join(" "));

  // Hold, sampling speed (from the API's live figures) and CPU ticks of every ffmpeg.
  const status = async () =>
    (await (await api(`/streams/status?projectId=${project.id}`)).json()).streams as {
      id: number;
      status: string;
      pid: number | null;
      live: { speed: number; out_time_seconds: number } | null;
    }[];
  // Every stream reports figures once running; the very first reports still say speed N/A.
  let first = await status();
  for (let i = 0; i < 50 && first.some((s) => !s.live?.speed); i++) {
    await Bun.sleep(200);
    first = await status();
  }
  const pids = first.filter((s) => s.pid).map((s) => s.pid!);
  const ticksAtStart = new Map(pids.map((p) => [p, cpuTicks(p) ?? 0]));
  const holdStart = performance.now();
  let lowestSpeed = Number.POSITIVE_INFINITY;
  let lowestAfterWarmup = Number.POSITIVE_INFINITY;
  let samples = 0;
  while (performance.now() - holdStart < HOLD_S * 1000) {
    await Bun.sleep(2000);
    for (const s of await status()) {
      if (!s.live || s.live.out_time_seconds < 2) continue;
      samples += 1;
      lowestSpeed = Math.min(lowestSpeed, s.live.speed);
      if (s.live.out_time_seconds >= 10) lowestAfterWarmup = Math.min(lowestAfterWarmup, s.live.speed);
    }
  }
  const heldSeconds = (performance.now() - holdStart) / 1000;
  const cpuPerStream = pids.map(
    (p) => (((cpuTicks(p) ?? 0) - ticksAtStart.get(p)!) / 100 / heldSeconds) * 100,
  );
  const rssAfter = rssKb(server.proc.pid);
  const final = await status();
  // ffmpeg's speed is cumulative from its start (connecting counts), so it creeps up over time. The
  // rate each stream held during the window is media seconds per wall second between two of its own
  // reports; ffmpeg's wall clock at a report is out_time / speed, which avoids the reports' staleness.
  const heldRates = final.flatMap((s) => {
    const before = first.find((f) => f.id === s.id)?.live;
    if (!before || !s.live || !before.speed || !s.live.speed) return [];
    const wall = s.live.out_time_seconds / s.live.speed - before.out_time_seconds / before.speed;
    return [(s.live.out_time_seconds - before.out_time_seconds) / wall];
  });
  const running = final.filter((s) => s.status === "running").length;
  const errors = final.filter((s) => s.status === "error").length;

  // Stop each through the API: the call returns once the row says stopped (the child has exited).
  const stopLatencies: number[] = [];
  for (const id of streamIds) {
    const t0 = performance.now();
    const res = await api("/streams/stop", { method: "POST", json: { streamId: id } });
    if (!res.ok) throw new Error(`stop failed: ${res.status}`);
    stopLatencies.push(performance.now() - t0);
  }
  const leftOnNginx = (await nginx.flowing()).size;

  const f1 = (x: number) => x.toFixed(1);
  const ms = (x: number) => `${Math.round(x)} ms`;
  console.log(
    `\nStreams: ${N} (running at the end: ${running}, errors: ${errors}), held ${f1(heldSeconds)} s`,
  );
  console.log(
    `ffmpeg CPU per stream: mean ${f1(cpuPerStream.reduce((a, b) => a + b, 0) / cpuPerStream.length)} %, max ${f1(Math.max(...cpuPerStream))} % of a core   (budget ≤ 3 %)`,
  );
  console.log(
    `server RSS: ${f1(rssBefore / 1024)} MB → ${f1(rssAfter / 1024)} MB, growth per stream ${f1((rssAfter - rssBefore) / 1024 / N)} MB   (budget ≤ 2 MB)`,
  );
  console.log(
    `lowest speed seen (ffmpeg's cumulative figure): ${lowestSpeed.toFixed(3)}× (after 10 s of each stream: ${lowestAfterWarmup.toFixed(3)}×, ${samples} samples)   (budget ≥ 0.99×)`,
  );
  console.log(
    `lowest rate held over the window (media s per wall s): ${Math.min(...heldRates).toFixed(3)}×, mean ${(heldRates.reduce((a, b) => a + b, 0) / heldRates.length).toFixed(3)}× (${heldRates.length} streams)`,
  );
  console.log(
    `start latency: p50 ${ms(percentile(startLatencies, 50))}, max ${ms(Math.max(...startLatencies))}   ${N <= 10 ? "(budget: all ≤ 0.8 s with 10 at once)" : "(budget p50 ≤ 1.0 s with 20 at once)"}`,
  );
  console.log(
    `stop latency: p50 ${ms(percentile(stopLatencies, 50))}, max ${ms(Math.max(...stopLatencies))}   (budget ≤ 1 s)`,
  );
  console.log(`streams still publishing on nginx after stop: ${leftOnNginx}`);
  console.log(`load average: ${readFileSync("/proc/loadavg", "utf8").trim()}`);
}

let ingest: NginxRtmp | undefined;

async function cleanup() {
  await ingest?.stop();
  await stopChildren(children);
  rmSync(work, { recursive: true, force: true });
}

try {
  await main();
} finally {
  await cleanup();
}
