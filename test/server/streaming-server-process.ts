import { join } from "node:path";
import type { Subprocess } from "bun";

// The real server as a separate process on a given data directory, for the restart tests and the
// bench: what happens to its ffmpeg children can only be seen from outside it.

const ROOT = join(import.meta.dir, "..", "..");
export const PROCESS_ADMIN = { email: "admin@example.com", password: "admin-password-1" };

export interface ServerProcess {
  url: string;
  proc: Subprocess<"ignore", "pipe", "pipe">;
  /** Signs in as the seeded admin and returns a JSON caller for the REST API. */
  api(): Promise<(path: string, init?: { method?: string; json?: unknown }) => Promise<Response>>;
  output(): string;
}

// Servers this process started: killed when it exits, so a failed test leaves none running.
const started = new Set<Subprocess>();
process.once("exit", () => {
  // SIGTERM, not SIGKILL: the server then stops its own ffmpeg children on the way out.
  for (const p of started) if (p.exitCode === null) p.kill("SIGTERM");
});

export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
  /** Modules Bun loads before the server (fault tests plant misbehaviour this way). */
  preload: string[] = [],
): Promise<ServerProcess> {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  const proc = Bun.spawn(
    ["bun", "--max-http-header-size=65536", ...preload.flatMap((p) => ["--preload", p]), "server/main.ts"],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        ADMIN_EMAIL: PROCESS_ADMIN.email,
        ADMIN_PASSWORD: PROCESS_ADMIN.password,
        ...env,
      },
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  started.add(proc);
  void proc.exited.then(() => started.delete(proc));
  let out = "";
  const decoder = new TextDecoder();
  void (async () => {
    for await (const c of proc.stdout) out += decoder.decode(c, { stream: true });
  })().catch(() => {});
  void (async () => {
    for await (const c of proc.stderr) out += decoder.decode(c, { stream: true });
  })().catch(() => {});
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline || proc.exitCode !== null) {
      proc.kill("SIGKILL");
      throw new Error(`server did not start:\n${out}`);
    }
    await Bun.sleep(50);
  }
  return {
    url,
    proc,
    output: () => out,
    async api() {
      const res = await fetch(`${url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(PROCESS_ADMIN),
      });
      if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
      const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
      return (path, init = {}) =>
        fetch(`${url}/api${path}`, {
          method: init.method ?? "GET",
          headers: { cookie, "content-type": "application/json", origin: url },
          body: init.json === undefined ? undefined : JSON.stringify(init.json),
        });
    },
  };
}
