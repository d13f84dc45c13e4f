import { join } from "node:path";
import type { Subprocess } from "bun";
import { createTestDatabase, wantsPostgres } from "./pg-mode";
import { waitUntil } from "./wait";

// The real server as a separate process on its own port and data directory, for the tests that can
// only observe it from outside (restarts, faults, the browser tests, the bench). One way to start it,
// pump its output and wait for /api/health; the callers choose the command line.

const ROOT = join(import.meta.dir, "..", "..");
export const ADMIN = { email: "admin@example.com", password: "admin-password-1" };

export type Api = (
  path: string,
  init?: { method?: string; json?: unknown; body?: BodyInit },
) => Promise<Response>;

export interface SpawnedServer {
  url: string;
  proc: Subprocess<"ignore", "pipe", "pipe">;
  /** Everything the process has written to stdout and stderr so far. */
  output(): string;
  health(): Promise<boolean>;
}

/**
 * On PostgreSQL (TEST_DATABASE=postgres) a data directory's server gets a database of its own, the
 * same one each time a server starts on that directory, as the SQLite file in it would be (and never
 * the template every test database is copied from).
 */
const databaseOf = new Map<string, string>();
function databaseEnv(dataDir: string): Record<string, string> {
  if (!wantsPostgres()) return {};
  let url = databaseOf.get(dataDir);
  if (!url) {
    url = createTestDatabase();
    databaseOf.set(dataDir, url);
  }
  return { DATABASE_URL: url };
}

// Servers this process started: stopped when it exits, so a failed test leaves none running.
const running = new Set<Subprocess>();
process.once("exit", () => {
  // SIGTERM, not SIGKILL: the server then stops its own ffmpeg children on the way out.
  for (const p of running) if (p.exitCode === null) p.kill("SIGTERM");
});

function freeTcpPort(): number {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

/**
 * Runs `cmd` in the repository with the seeded admin, a free port and `dataDir`; resolves once
 * /api/health answers, and fails (with the output) if the process exits or `readyMs` passes first.
 */
export async function spawnServer(
  cmd: string[],
  opts: {
    dataDir: string;
    env?: Record<string, string>;
    readyMs: number;
    /** Where the process starts (the repository when absent): a relative DATA_DIR is read from here. */
    cwd?: string;
    /** A fixed port, for a server started again where its clients know it; a free one when absent. */
    port?: number;
  },
): Promise<SpawnedServer> {
  const port = opts.port ?? freeTcpPort();
  const url = `http://127.0.0.1:${port}`;
  const proc = Bun.spawn(cmd, {
    cwd: opts.cwd ?? ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: opts.dataDir,
      ...databaseEnv(opts.dataDir),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...opts.env,
    },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  running.add(proc);
  void proc.exited.then(() => running.delete(proc));
  let out = "";
  const decoder = new TextDecoder();
  for (const stream of [proc.stdout, proc.stderr]) {
    void (async () => {
      for await (const c of stream) out += decoder.decode(c, { stream: true });
    })().catch(() => {});
  }
  const health = async () => {
    try {
      return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) })).ok;
    } catch {
      return false;
    }
  };
  const ended = () => proc.exitCode !== null || proc.signalCode !== null;
  try {
    await waitUntil(async () => ended() || (await health()), opts.readyMs, "the server", 50);
  } catch (err) {
    proc.kill("SIGKILL");
    throw new Error(`${(err as Error).message}\n${out}`);
  }
  if (ended()) throw new Error(`${cmd.join(" ")} exited (${proc.exitCode ?? proc.signalCode}):\n${out}`);
  return { url, proc, output: () => out, health };
}

/** SIGTERM, then SIGKILL if it is still running after 10 s; resolves when it has exited. */
export async function stopServer(proc: Subprocess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  proc.kill("SIGTERM");
  const hard = setTimeout(() => proc.kill("SIGKILL"), 10_000);
  await proc.exited;
  clearTimeout(hard);
}

/** Signs in as the seeded admin; the caller sends JSON (POST when there is a body) with the cookie. */
export async function signIn(url: string): Promise<Api> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  return (path, init = {}) =>
    fetch(`${url}/api${path}`, {
      method: init.method ?? (init.json === undefined && init.body === undefined ? "GET" : "POST"),
      headers: {
        cookie,
        origin: url,
        ...(init.json === undefined ? {} : { "content-type": "application/json" }),
      },
      body: init.json === undefined ? init.body : JSON.stringify(init.json),
    });
}
