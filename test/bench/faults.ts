// Recovery benchmark: a console started as `npm start` starts it, streaming to a real nginx-rtmp,
// suffers the faults an unwatched week brings, and this prints how long each took to mend beside
// its budget. It asserts nothing.
//  - one ffmpeg killed: until the ingest sees that stream publish again (budget 3 s: the first
//    backoff step is 2 s);
//  - the ingest down for OUTAGE_S seconds (default 90): from its return until every stream
//    publishes again (budget 5 s);
//  - the server process killed with SIGKILL: its ffmpeg children still alive 2 s later (budget 0),
//    until /api/health answers again (budget 2 s) and until every stream publishes again (5 s).
// Run: bun test/bench/faults.ts   (env: STREAMS=5, OUTAGE_S=90)
import { startNginxRtmp } from "../fakes/nginx-rtmp";
import {
  addDestination,
  alive,
  ffmpegsWithKey,
  projectWithVideo,
  serverPidOf,
  startConsole,
  startStream,
  waitUntil,
} from "../faults/harness";

const N = Number(process.env.STREAMS ?? 5);
const OUTAGE_MS = Number(process.env.OUTAGE_S ?? 90) * 1000;

const row = (what: string, figure: string, budget: string) =>
  console.log(`${what.padEnd(48)} ${figure.padStart(12)}   budget ${budget}`);

async function main() {
  const ingest = await startNginxRtmp();
  const service = await startConsole();
  try {
    const api = await service.api();
    const { projectId, mediaId } = await projectWithVideo(api, "Recovery bench");
    const keys = Array.from({ length: N }, (_, i) => `bench-${i + 1}`);
    for (const key of keys) {
      const destinationId = await addDestination(api, projectId, { name: key, rtmpUrl: ingest.rtmpUrl, key });
      await startStream(api, destinationId, mediaId);
    }
    const allFlowing = async () => {
      const flowing = await ingest.flowing();
      return keys.every((k) => flowing.has(k));
    };
    const allPublishedSince = (since: number) => {
      const times = keys.map(
        (k) => ingest.events.find((e) => e.call === "publish" && e.name === k && e.at > since)?.at,
      );
      return times.every((t) => t !== undefined) ? Math.max(...(times as number[])) : null;
    };
    await waitUntil(allFlowing, 60_000, "every stream to publish", 100);
    console.log(`${N} streams publishing to nginx-rtmp; outage ${OUTAGE_MS / 1000} s\n`);

    // One ffmpeg killed.
    const victim = ffmpegsWithKey(service.dataDir, keys[0]!)[0]!;
    const killedAt = Date.now();
    process.kill(victim, "SIGKILL");
    const back = await waitUntil(
      () => ingest.events.find((e) => e.call === "publish" && e.name === keys[0] && e.at > killedAt)?.at,
      30_000,
      "the killed stream to publish again",
    );
    row("back after one ffmpeg was killed", `${back - killedAt} ms`, "3000 ms");
    await waitUntil(allFlowing, 30_000, "every stream to flow", 100);

    // The ingest goes away and comes back.
    await ingest.down();
    await Bun.sleep(OUTAGE_MS);
    await ingest.up();
    const upAt = Date.now();
    const lastBack = await waitUntil(
      () => allPublishedSince(upAt),
      120_000,
      "every stream after the outage",
      50,
    );
    row("every stream back after the ingest returned", `${lastBack - upAt} ms`, "5000 ms");
    await waitUntil(allFlowing, 30_000, "every stream to flow", 100);

    // The server dies without a word.
    const serverPid = serverPidOf(service.dataDir);
    if (!serverPid) throw new Error("no server process found");
    const children = keys.flatMap((k) => ffmpegsWithKey(service.dataDir, k));
    const crashedAt = Date.now();
    process.kill(serverPid, "SIGKILL");
    // Health is polled from the kill on; the orphan count is read at the 2 s mark meanwhile.
    const healthy = waitUntil(
      async () =>
        serverPidOf(service.dataDir) !== serverPid && (await service.health()) ? Date.now() : null,
      60_000,
      "the server to answer again",
    );
    await waitUntil(() => Date.now() - crashedAt >= 2000, 3000, "two seconds", 10);
    const orphans = children.filter(alive).length;
    const healthyAt = await healthy;
    row("ffmpeg left 2 s after the server's SIGKILL", `${orphans} of ${children.length}`, "0");
    row("server answering again after its SIGKILL", `${healthyAt - crashedAt} ms`, "2000 ms");
    const streamsBack = await waitUntil(
      () => allPublishedSince(crashedAt),
      60_000,
      "every stream after the crash",
      50,
    );
    row("every stream back after the server's SIGKILL", `${streamsBack - crashedAt} ms`, "5000 ms");
  } finally {
    await service.stop();
    await ingest.stop();
  }
}

await main();
