// Health sampling bench: server memory per live stream with the health sampler on. A real server
// process, 20 real streams of a small test video pushed by stream copy to nginx-rtmp on loopback,
// held for 60 s (six sample passes). Prints the server's RSS growth divided by the streams (the
// ffmpeg children are their own processes, not the server's memory) beside the budget, then the
// SQLite bytes the health rows of one stream take per week (and at 30 days, the bound).
// Budget: ≤ 1 MB per stream. It prints the figures; it asserts nothing.
// Run: bun test/bench/health-memory.ts   (env: STREAMS=20, SECONDS=60)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { type NginxRtmp, startNginxRtmp } from "../fakes/nginx-rtmp";
import { startServerProcess } from "../server/streaming/streaming-server-process";
import { steamReadyMp4 } from "../support/media";
import { waitUntil } from "../support/wait";
import { rssKb, seedBenchStreams, stopChildren } from "./bench-setup";
import { healthBytesPerStream } from "./health-sqlite-size";

const N = Number(process.env.STREAMS ?? 20);
const HOLD_S = Number(process.env.SECONDS ?? 60);
const work = mkdtempSync(join(tmpdir(), "console-bench-health-"));
const children: Subprocess[] = [];
let ingest: NginxRtmp | undefined;

async function main() {
  const source = await steamReadyMp4(20);
  ingest = await startNginxRtmp();
  const dataDir = join(work, "data");
  const server = await startServerProcess(dataDir);
  children.push(server.proc);
  const api = await server.api();
  // Rows straight into the server's SQLite file; the streams themselves go through the API.
  const { project, media, dests } = await seedBenchStreams(dataDir, {
    source,
    storedName: "bench-small.mp4",
    video: { durationSeconds: 20, width: 320, height: 180, frameRate: 30 },
    rtmpUrl: ingest.rtmpUrl,
    count: N,
    keyPrefix: "h",
  });
  await Bun.sleep(1000);
  const rssBefore = rssKb(server.proc.pid);
  const ids: number[] = [];
  for (const d of dests) {
    const res = await api(`/destinations/${d.id}/stream`, { method: "POST", json: { mediaId: media.id } });
    if (res.status !== 201) throw new Error(`start failed: ${res.status} ${await res.text()}`);
    ids.push((await res.json()).id);
  }
  const nginx = ingest;
  await waitUntil(
    async () => (await nginx.flowing()).size === N,
    30_000,
    "media from every stream at nginx",
    200,
  );
  const count = (await nginx.flowing()).size;
  // The hold is the measured period (six sample passes at the default), not a wait on a condition.
  await Bun.sleep(HOLD_S * 1000);
  const rssAfter = rssKb(server.proc.pid);
  const samples = await Promise.all(
    ids.map(
      async (id) => (await (await api(`/streams/${id}/health?hours=1`)).json()).samples.length as number,
    ),
  );
  const status = (await (await api(`/streams/status?projectId=${project.id}`)).json()).streams as {
    status: string;
  }[];
  for (const id of ids) await api("/streams/stop", { method: "POST", json: { streamId: id } });

  const f1 = (x: number) => x.toFixed(1);
  console.log(
    `\nStreams: ${N} (${count} flowing at nginx, ${status.filter((s) => s.status === "running").length} running at the end), held ${HOLD_S} s`,
  );
  console.log(`health samples kept per stream: min ${Math.min(...samples)}, max ${Math.max(...samples)}`);
  console.log(
    `server RSS: ${f1(rssBefore / 1024)} MB → ${f1(rssAfter / 1024)} MB, growth per stream ${f1((rssAfter - rssBefore) / 1024 / N)} MB   (budget ≤ 1 MB)`,
  );
  const week = await healthBytesPerStream(7);
  const month = await healthBytesPerStream(30);
  console.log(
    `SQLite per stream: a week live ${week.rows} rows, ${f1(week.bytes / 1024)} KiB; the 30-day bound ${month.rows} rows, ${f1(month.bytes / 1024)} KiB`,
  );
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
