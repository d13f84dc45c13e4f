import { afterAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Api, type SpawnedServer, signIn, spawnServer, stopServer } from "../../support/server-process";

// The real server as a separate process on a given data directory, started as the start script
// starts it, for the restart tests and the bench: what happens to its ffmpeg children can only be
// seen from outside it.

export interface ServerProcess extends SpawnedServer {
  /** Signs in as the seeded admin and returns a JSON caller for the REST API. */
  api(): Promise<Api>;
}

export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
  /** Modules Bun loads before the server (fault tests plant misbehaviour this way). */
  preload: string[] = [],
  /** The directory the server starts in (the repository when absent). */
  cwd?: string,
): Promise<ServerProcess> {
  const main = join(import.meta.dir, "..", "..", "..", "server", "main.ts");
  const server = await spawnServer(
    ["bun", "--max-http-header-size=65536", ...preload.flatMap((p) => ["--preload", p]), main],
    { dataDir, env: { NODE_ENV: "production", ...env }, readyMs: 20_000, cwd },
  );
  return { ...server, api: () => signIn(server.url) };
}

/**
 * For a test file that runs one server process on a fresh data directory: returns the function that
 * starts it; after the file the server is stopped and the directory removed.
 */
export function serverProcessForFile(prefix: string) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    if (server) await stopServer(server.proc);
    rmSync(dataDir, { recursive: true, force: true });
  });
  return async (env: Record<string, string> = {}) => {
    server = await startServerProcess(dataDir, env);
    return server;
  };
}
