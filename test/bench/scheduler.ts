// Scheduler benchmark: a real server process (its scheduler started by main.ts), real ffmpeg and
// nginx-rtmp on loopback. WINDOWS one-off windows a few seconds ahead, one per destination, are
// created through the API; nginx's on_publish / on_publish_done notifications say when each stream
// really began and ended at the receiver. Prints the start error (window start → publish) and the
// stop error (window end → unpublish) beside the 5 s budget; it asserts nothing.
// Run: bun test/bench/scheduler.ts   (env: WINDOWS=5, LEAD_S=4, LENGTH_S=8)
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { type NginxRtmp, startNginxRtmp } from "../fakes/nginx-rtmp";
import { waitFor } from "../fakes/rtmp-receiver";
import { startServerProcess } from "../server/streaming/streaming-server-process";
import { steamReadyMp4 } from "../support/media";
import { seedBenchStreams, stopChildren } from "./bench-setup";

const N = Number(process.env.WINDOWS ?? 5);
const LEAD_S = Number(process.env.LEAD_S ?? 4);
const LENGTH_S = Number(process.env.LENGTH_S ?? 8);
const BUDGET_MS = 5000;

const work = mkdtempSync(join(tmpdir(), "console-bench-scheduler-"));
const children: Subprocess[] = [];
let ingest: NginxRtmp | undefined;

async function main() {
  const source = await steamReadyMp4(6);
  const nginx = await startNginxRtmp();
  ingest = nginx;
  const dataDir = join(work, "data");
  const server = await startServerProcess(dataDir);
  children.push(server.proc);
  const api = await server.api();
  // Set-up rows straight into the server's SQLite file; the windows themselves go through the API.
  const { media, dests } = await seedBenchStreams(dataDir, {
    source,
    storedName: "bench-schedule.mp4",
    video: { durationSeconds: 6, width: 320, height: 240, frameRate: 25 },
    rtmpUrl: nginx.rtmpUrl,
    count: N,
    keyPrefix: "w",
  });

  // Staggered by 700 ms so each bound falls at a different point of the scheduler's 1 s tick.
  const base = Date.now() + LEAD_S * 1000;
  const windows = dests.map((d, i) => ({ d, start: base + i * 700, end: base + i * 700 + LENGTH_S * 1000 }));
  for (const w of windows) {
    const res = await api(`/destinations/${w.d.id}/schedules`, {
      method: "POST",
      json: {
        starts_at: new Date(w.start).toISOString(),
        ends_at: new Date(w.end).toISOString(),
        media_id: media.id,
      },
    });
    if (res.status !== 201) throw new Error(`window refused: ${res.status} ${await res.text()}`);
  }
  const at = (key: string, call: string) => nginx.events.find((e) => e.key === key && e.call === call)?.at;
  const lastEnd = Math.max(...windows.map((w) => w.end));
  await waitFor(
    () => windows.every((w) => at(w.d.streamKey, "publish_done") !== undefined),
    lastEnd - Date.now() + 15_000,
    "every window to end",
  );
  const startErr = windows.map((w) => at(w.d.streamKey, "publish")! - w.start);
  const stopErr = windows.map((w) => at(w.d.streamKey, "publish_done")! - w.end);
  const ms = (xs: number[]) => `min ${Math.round(Math.min(...xs))} ms, max ${Math.round(Math.max(...xs))} ms`;
  console.log(`\nWindows: ${N}, ${LENGTH_S} s each, created ${LEAD_S} s ahead`);
  console.log(`start error (window start → publish at nginx): ${ms(startErr)}   (budget ≤ ${BUDGET_MS} ms)`);
  console.log(`stop error (window end → unpublish at nginx): ${ms(stopErr)}   (budget ≤ ${BUDGET_MS} ms)`);
  console.log(`load average: ${readFileSync("/proc/loadavg", "utf8").trim()}`);
}

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
