import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type NginxRtmp, startNginxRtmp } from "../fakes/nginx-rtmp";
import {
  type Api,
  addDestination,
  alive,
  type Console,
  ffmpegsOf,
  projectWithVideo,
  serverPidOf,
  signIn,
  startConsole,
  startStream,
  streamsOf,
  waitUntil,
} from "./harness";

// The console's life as an operator sees it, with 5 live streams to a real nginx-rtmp ingest:
// killing the server (kill -9) leaves no ffmpeg behind and `npm start` brings it back with its
// streams; killing npm start's keeper takes the server and its children with it, and the next start
// resumes every stream once; Ctrl-C or SIGTERM on `npm start` ends everything.

const STREAMS = 5;
const LIVE = new Set(["starting", "running", "stopping"]);
const dataDir = mkdtempSync(join(tmpdir(), "console-lifetime-"));
let ingest: NginxRtmp;
let app: Console;
let api: Api;
let projectId: number;
const keys: string[] = [];

const parentOf = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return null;
  }
};

/** Every destination has exactly one live stream, running, and the ingest receives all of them. */
async function allPublishing(): Promise<boolean> {
  const rows = (await streamsOf(api, projectId)).filter((r) => LIVE.has(r.status));
  const byDestination = new Set(rows.map((r) => r.destination_id));
  if (rows.length !== STREAMS || byDestination.size !== STREAMS) return false;
  if (!rows.every((r) => r.status === "running")) return false;
  const flowing = await ingest.flowing();
  return keys.every((k) => flowing.has(k));
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(500) })).ok;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  ingest = await startNginxRtmp();
  app = await startConsole({ dataDir });
  api = await app.api();
  const setup = await projectWithVideo(api, "Lifetime");
  projectId = setup.projectId;
  for (let i = 0; i < STREAMS; i++) {
    const key = `lifetime-${i}-${crypto.randomUUID().slice(0, 6)}`;
    keys.push(key);
    const destinationId = await addDestination(api, projectId, {
      name: `Ingest ${i}`,
      rtmpUrl: ingest.rtmpUrl,
      key,
      autorestart: true,
    });
    await startStream(api, destinationId, setup.mediaId);
  }
  await waitUntil(allPublishing, 20_000, "5 streams publishing", 100);
}, 90_000);

afterAll(async () => {
  await app?.stop({ wipe: false });
  await ingest?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the console's life under npm start, with 5 live streams", () => {
  test("kill -9 of the server: its ffmpeg die with it, npm start serves again within 2 s, every stream once", async () => {
    const server = serverPidOf(dataDir)!;
    expect(server).toBeGreaterThan(0);
    const children = ffmpegsOf(dataDir);
    expect(children).toHaveLength(STREAMS);

    const killedAt = Date.now();
    process.kill(server, "SIGKILL");
    await waitUntil(() => !children.some(alive), 2000, "the server's ffmpeg to die with it");
    const orphansGoneMs = Date.now() - killedAt;
    await waitUntil(() => healthy(app.url), 2000, "npm start to serve again", 20);
    const backMs = Date.now() - killedAt;
    const again = serverPidOf(dataDir)!;
    expect(again).not.toBe(server);

    api = await signIn(app.url);
    await waitUntil(allPublishing, 15_000, "every stream publishing again", 100);
    const publishingMs = Date.now() - killedAt;
    const now = ffmpegsOf(dataDir);
    expect(now).toHaveLength(STREAMS);
    for (const pid of now) expect(parentOf(pid)).toBe(again);
    expect(app.output()).toContain("[keeper] the server was killed by SIGKILL");
    console.log(
      `kill -9 of the server: ffmpeg gone after ${orphansGoneMs} ms, serving again after ${backMs} ms, all ${STREAMS} streams publishing after ${publishingMs} ms`,
    );
  }, 30_000);

  test("kill -9 of npm start's keeper: server and ffmpeg gone within 2 s; the next start resumes each stream once", async () => {
    const server = serverPidOf(dataDir)!;
    const keeper = parentOf(server)!;
    expect(readFileSync(`/proc/${keeper}/cmdline`, "utf8")).toContain("server/keeper.ts");
    const children = ffmpegsOf(dataDir);
    expect(children).toHaveLength(STREAMS);

    const killedAt = Date.now();
    process.kill(keeper, "SIGKILL");
    await waitUntil(() => !alive(server) && !children.some(alive), 2000, "server and ffmpeg to die");
    const goneMs = Date.now() - killedAt;
    expect(ffmpegsOf(dataDir)).toEqual([]);
    await app.npm.exited;

    const restartedAt = Date.now();
    app = await startConsole({ dataDir });
    api = await app.api();
    await waitUntil(allPublishing, 15_000, "every stream resumed by the next start", 100);
    expect(ffmpegsOf(dataDir)).toHaveLength(STREAMS);
    console.log(
      `kill -9 of the keeper: server and ffmpeg gone after ${goneMs} ms; next start publishing all ${STREAMS} after ${Date.now() - restartedAt} ms`,
    );
  }, 60_000);

  test("Ctrl-C on npm start: everything gone within 6 s; the next start resumes each stream once", async () => {
    const server = serverPidOf(dataDir)!;
    const keeper = parentOf(server)!;
    const children = ffmpegsOf(dataDir);
    expect(children).toHaveLength(STREAMS);

    // A terminal's Ctrl-C sends SIGINT to its foreground process group: npm, the keeper and the
    // server. ffmpeg runs in sessions of its own, so only the server decides how it stops.
    const sentAt = Date.now();
    for (const pid of [app.npm.pid, keeper, server]) process.kill(pid, "SIGINT");
    const everyone = [app.npm.pid, keeper, server, ...children];
    await waitUntil(() => !everyone.some(alive), 6000, "npm start and everything under it to end");
    const endedMs = Date.now() - sentAt;
    expect(ffmpegsOf(dataDir)).toEqual([]);

    app = await startConsole({ dataDir });
    api = await app.api();
    await waitUntil(allPublishing, 15_000, "every stream resumed after Ctrl-C", 100);
    console.log(`Ctrl-C on npm start: everything gone after ${endedMs} ms`);
  }, 40_000);

  test("SIGTERM of npm start: keeper, server and every ffmpeg gone within 6 s", async () => {
    const server = serverPidOf(dataDir)!;
    const keeper = parentOf(server)!;
    const children = ffmpegsOf(dataDir);
    expect(children).toHaveLength(STREAMS);

    const sentAt = Date.now();
    app.npm.kill("SIGTERM");
    const everyone = [app.npm.pid, keeper, server, ...children];
    await waitUntil(() => !everyone.some(alive), 6000, "npm start and everything under it to end");
    const endedMs = Date.now() - sentAt;
    expect(ffmpegsOf(dataDir)).toEqual([]);
    expect(serverPidOf(dataDir)).toBeNull();
    console.log(`SIGTERM of npm start: everything gone after ${endedMs} ms`);
  }, 20_000);
});
