import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { steamReadyMp4, uploadForm } from "../support/media";
import { type Api, type SpawnedServer, signIn, spawnServer, stopServer } from "../support/server-process";

export { type Api, signIn } from "../support/server-process";
export { waitUntil } from "../support/wait";

// The console as an operator runs it: `npm start` in the repository, on its own port and data
// directory. Everything a fault test needs to see (the server's pid, its ffmpeg children, orphans
// after a kill) is read from /proc, from outside, because the process being observed may be dead.

function readProc(pid: number, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return null;
  }
}

function allPids(): number[] {
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
}

/** Alive and not a zombie. */
export function alive(pid: number): boolean {
  const stat = readProc(pid, "stat");
  if (!stat) return false;
  return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
}

export const argvOf = (pid: number) => (readProc(pid, "cmdline") ?? "").split("\0").filter(Boolean);

/** The live ffmpeg pushing with this stream key (the key is one of its arguments). */
export const ffmpegsWithKey = (dataDir: string, key: string) =>
  ffmpegsOf(dataDir).filter((pid) => argvOf(pid).some((a) => a.includes(key)));

/** Every live ffmpeg working on files of this data directory, whoever its parent is now. */
export function ffmpegsOf(dataDir: string): number[] {
  return allPids().filter((pid) => {
    const argv = argvOf(pid);
    return (
      (argv[0]?.split("/").pop() ?? "").startsWith("ff") &&
      argv.some((a) => a.includes(dataDir)) &&
      alive(pid)
    );
  });
}

/** The live process running this script (`server/main.ts`, `server/keeper.ts`) for this data directory. */
function scriptPidOf(script: string, dataDir: string): number | null {
  for (const pid of allPids()) {
    const argv = argvOf(pid);
    if (!argv.some((a) => a.endsWith(script))) continue;
    const env = readProc(pid, "environ") ?? "";
    if (env.split("\0").includes(`DATA_DIR=${dataDir}`) && alive(pid)) return pid;
  }
  return null;
}

/** The `bun server/main.ts` process serving this data directory (read from its environment). */
export const serverPidOf = (dataDir: string) => scriptPidOf("server/main.ts", dataDir);

/** The keeper (`bun server/keeper.ts`) that `npm start` runs for this data directory. */
export const keeperPidOf = (dataDir: string) => scriptPidOf("server/keeper.ts", dataDir);

/** Resident memory of a process in MB, or null when it is gone. */
export function rssMbOf(pid: number): number | null {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readProc(pid, "status") ?? "")?.[1];
  return kb === undefined ? null : Number(kb) / 1024;
}

/**
 * The whole service dies at once, as when the machine's OOM killer or `kill -9` takes it: the
 * server, the keeper and `npm start` each get SIGKILL, so nothing is left to start the server again
 * (the caller then starts `npm start` again, as a service manager would). Returns the pids killed.
 */
export function killService(service: Console): number[] {
  const pids = [serverPidOf(service.dataDir), keeperPidOf(service.dataDir), service.npm.pid].filter(
    (p): p is number => p !== null && alive(p),
  );
  for (const pid of pids) process.kill(pid, "SIGKILL");
  return pids;
}

export interface Console extends SpawnedServer {
  dataDir: string;
  /** The `npm start` process (the same as `proc`). */
  npm: Subprocess<"ignore", "pipe", "pipe">;
  /** Signs in as the seeded admin; the caller sends JSON with the session cookie. */
  api(): Promise<Api>;
  /** SIGTERM to npm start, then waits for it (and, with `wipe`, removes the data directory). */
  stop(opts?: { wipe?: boolean }): Promise<void>;
}

/** `npm start` with its own port and data directory; resolves once /api/health answers. */
export async function startConsole(
  opts: { dataDir?: string; env?: Record<string, string>; port?: number } = {},
): Promise<Console> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "console-fault-"));
  const server = await spawnServer(["npm", "start", "--silent"], {
    dataDir,
    env: { NODE_ENV: "production", ...opts.env },
    readyMs: 60_000,
    port: opts.port,
  });
  return {
    ...server,
    dataDir,
    npm: server.proc,
    api: () => signIn(server.url),
    async stop({ wipe = true } = {}) {
      await stopServer(server.proc);
      if (wipe) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function json<T>(res: Response, what: string): Promise<T> {
  const body = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${body}`);
  return JSON.parse(body) as T;
}

/** A project with one Steam-ready video, set up through the REST API as a studio would. */
export async function projectWithVideo(api: Api, name = "Fault test") {
  const project = await json<{ id: number }>(
    await api("/projects", { json: { name, description: "", org_id: 1 } }),
    "create project",
  );
  const file = Bun.file(await steamReadyMp4(6));
  const media = await json<{ id: number }>(
    await api("/media/upload", { body: uploadForm(project.id, file, "trailer.mp4") }),
    "upload",
  );
  return { projectId: project.id, mediaId: media.id };
}

export async function addDestination(
  api: Api,
  projectId: number,
  d: { name: string; rtmpUrl: string; key: string; autorestart?: boolean },
): Promise<number> {
  const made = await json<{ id: number }>(
    await api("/destinations", {
      json: {
        name: d.name,
        type: "custom",
        rtmp_url: d.rtmpUrl,
        stream_key: d.key,
        autorestart: d.autorestart ?? true,
        project_id: projectId,
      },
    }),
    "create destination",
  );
  return made.id;
}

export async function startStream(api: Api, destinationId: number, mediaId: number): Promise<number> {
  const started = await json<{ id: number }>(
    await api(`/destinations/${destinationId}/stream`, { json: { mediaId } }),
    "start stream",
  );
  return started.id;
}

export interface StreamRow {
  id: number;
  status: string;
  destination_id: number | null;
  error_count: number;
  pid: number | null;
  last_error_message: string | null;
}

/** The project's streams as the Streaming page reads them. */
export async function streamsOf(api: Api, projectId: number): Promise<StreamRow[]> {
  const body = await json<{ streams: StreamRow[] }>(
    await api(`/streams/status?projectId=${projectId}`),
    "stream status",
  );
  return body.streams;
}
