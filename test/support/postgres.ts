import { spawnSync } from "node:child_process";
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { SQL } from "bun";

/**
 * A private PostgreSQL server for one test process: its own cluster in a fresh folder under the temp
 * folder, listening on 127.0.0.1 and a free port only, a random password, and a database per test.
 * PostgreSQL refuses to run as root, so when the tests run as root (they do in CI) the server runs as
 * the unprivileged `postgres` user that Debian's package creates.
 */
export interface PgServer {
  readonly port: number;
  /** A connection URL for one database of this server. */
  url(database: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(): Promise<string>;
  /** Stops the server (immediately: its data is thrown away) and removes its folder. */
  stop(): Promise<void>;
  /** Takes the server down, as a crash or a restart does, keeping its data; `up` starts it again on its port. */
  down(): Promise<void>;
  up(): Promise<void>;
}

const FOLDER_PREFIX = "console-pg-";
/** Written in each cluster's folder: the test process it belongs to, so a killed run's cluster is found. */
const OWNER_FILE = "owner.pid";

/** The folder holding initdb, pg_ctl and postgres: on the PATH, or Debian's newest under /usr/lib/postgresql. */
export function postgresBinDir(): string | null {
  const onPath = Bun.which("initdb");
  if (onPath && Bun.which("pg_ctl")) return dirname(onPath);
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], "bin") : null;
}

const asRoot = process.getuid?.() === 0;

function pgUser(): { uid: number; gid: number } | null {
  if (!asRoot) return null;
  const uid = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error("the tests run as root, and PostgreSQL needs its own user: no 'postgres' user here");
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Runs a PostgreSQL program as the user that owns the cluster (root may not run it). */
function pgCommand(bin: string, args: string[]): string[] {
  return asRoot ? ["runuser", "-u", "postgres", "--", bin, ...args] : [bin, ...args];
}

/** Runs in the cluster's folder, one the `postgres` user may enter, whatever folder the tests run from. */
async function run(cmd: string[], cwd: string): Promise<{ ok: boolean; output: string }> {
  const proc = Bun.spawn(cmd, { cwd, stdout: "pipe", stderr: "pipe", stdin: "ignore" });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { ok: code === 0, output: `${out}${err}`.trim() };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function stopClusterSync(bin: string, folder: string) {
  const data = join(folder, "data");
  if (existsSync(join(data, "postmaster.pid"))) {
    const [cmd, ...args] = pgCommand(join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]);
    spawnSync(cmd!, args, { cwd: folder, stdio: "ignore" });
  }
  rmSync(folder, { recursive: true, force: true });
}

/** Clusters left by a test process that was killed before it could stop them. */
function sweepOrphans(bin: string) {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(FOLDER_PREFIX)) continue;
    const folder = join(tmpdir(), name);
    let owner = 0;
    try {
      owner = Number(readFileSync(join(folder, OWNER_FILE), "utf8"));
    } catch {
      continue;
    }
    if (owner > 0 && !alive(owner)) stopClusterSync(bin, folder);
  }
}

const running = new Set<() => void>();
let hooked = false;
function stopAllOnExit() {
  if (hooked) return;
  hooked = true;
  process.once("exit", () => {
    for (const stop of running) stop();
  });
}

export interface PgSettings {
  maxConnections?: number;
  /** Server libraries loaded at start (`shared_preload_libraries`), e.g. pg_stat_statements for a bench. */
  preloadLibraries?: string[];
}

/** Starts a private server; the caller stops it (an exit hook also does, should the caller not get to). */
export async function startPostgres(settings: PgSettings = {}): Promise<PgServer> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL is not installed: `npm test` installs Debian's postgresql package");
  sweepOrphans(bin);
  const owner = pgUser();
  const folder = mkdtempSync(join(tmpdir(), FOLDER_PREFIX));
  writeFileSync(join(folder, OWNER_FILE), String(process.pid));
  const data = join(folder, "data");
  const socketDir = join(folder, "socket");
  mkdirSync(socketDir, { mode: 0o700 });
  const password = crypto.randomUUID().replaceAll("-", "");
  const pwFile = join(folder, "password");
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (owner) {
    for (const path of [folder, socketDir, pwFile]) chownSync(path, owner.uid, owner.gid);
  }
  const syncStop = () => stopClusterSync(bin, folder);
  running.add(syncStop);
  stopAllOnExit();

  const init = await run(
    pgCommand(join(bin, "initdb"), [
      "-D",
      data,
      "-U",
      "postgres",
      `--pwfile=${pwFile}`,
      "--auth=scram-sha-256",
      "--encoding=UTF8",
      "--locale=C",
      "--no-sync",
      "--no-instructions",
    ]),
    folder,
  );
  if (!init.ok) {
    syncStop();
    running.delete(syncStop);
    throw new Error(`initdb failed: ${init.output}`);
  }

  // Durability is worth nothing for data thrown away at exit; skipping it makes every write faster.
  const options = (port: number) =>
    [
      `-p ${port}`,
      "-c listen_addresses=127.0.0.1",
      `-c unix_socket_directories=${socketDir}`,
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
      `-c max_connections=${settings.maxConnections ?? 100}`,
      ...(settings.preloadLibraries?.length
        ? [`-c shared_preload_libraries=${settings.preloadLibraries.join(",")}`]
        : []),
    ].join(" ");
  let port = 0;
  let lastError = "";
  // The free port may be taken between the probe and the server's bind: try another one.
  for (let attempt = 0; attempt < 3 && port === 0; attempt++) {
    const candidate = await freePort();
    const start = await run(
      pgCommand(join(bin, "pg_ctl"), [
        "-D",
        data,
        "-l",
        join(folder, "server.log"),
        "-o",
        options(candidate),
        "-w",
        "-t",
        "60",
        "start",
      ]),
      folder,
    );
    if (start.ok) port = candidate;
    else lastError = `${start.output}\n${readLog(folder)}`;
  }
  if (port === 0) {
    syncStop();
    running.delete(syncStop);
    throw new Error(`PostgreSQL did not start: ${lastError}`);
  }

  const url = (database: string) =>
    `postgres://postgres:${password}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  const admin = new SQL({ url: url("postgres"), max: 1 });
  let stopped = false;
  return {
    port,
    url,
    async createDatabase() {
      const name = `t_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
      await admin.unsafe(`CREATE DATABASE ${name}`);
      return url(name);
    },
    async down() {
      const off = await run(
        pgCommand(join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]),
        folder,
      );
      if (!off.ok) throw new Error(`PostgreSQL did not stop: ${off.output}`);
    },
    async up() {
      const on = await run(
        pgCommand(join(bin, "pg_ctl"), [
          "-D",
          data,
          "-l",
          join(folder, "server.log"),
          "-o",
          options(port),
          "-w",
          "-t",
          "60",
          "start",
        ]),
        folder,
      );
      if (!on.ok) throw new Error(`PostgreSQL did not start again: ${on.output}\n${readLog(folder)}`);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await admin.close();
      syncStop();
      running.delete(syncStop);
    },
  };
}

function readLog(folder: string): string {
  try {
    return readFileSync(join(folder, "server.log"), "utf8").slice(-2000);
  } catch {
    return "";
  }
}
