import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { restartDelay } from "@server/keeper";
import { waitFor } from "../../fakes/rtmp-receiver";

// The keeper `npm start` runs: a server that keeps failing is restarted less and less often, with a
// plain line saying so, and a stop signal during the wait ends the keeper at once.

const ROOT = join(import.meta.dir, "..", "..", "..");
const dataDir = mkdtempSync(join(tmpdir(), "console-keeper-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test("first crash restarts at once, then 1 s doubling up to 30 s", () => {
  expect([1, 2, 3, 4, 5, 6, 7].map(restartDelay)).toEqual([0, 1000, 2000, 4000, 8000, 16_000, 30_000]);
  expect(restartDelay(20)).toBe(30_000);
});

test("a server that cannot start is retried with a backoff; SIGTERM ends the wait", async () => {
  // The port is taken, so every server the keeper starts exits with an error.
  const squatter = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const keeper = Bun.spawn([process.execPath, "server/keeper.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(squatter.port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: "admin-password-1",
    },
    stdin: "ignore",
    stdout: "ignore",
    stderr: "pipe",
  });
  let err = "";
  const decoder = new TextDecoder();
  void (async () => {
    for await (const c of keeper.stderr) err += decoder.decode(c, { stream: true });
  })().catch(() => {});
  try {
    await waitFor(() => err.includes("starting it again in 1 s"), 15_000, "the first backoff");
    expect(err).toMatch(/\[keeper\] the server exited with code 1 after \d+ s; starting it again\n/);
    expect(err).toContain("2 times in the last minute; starting it again in 1 s");
    const sent = Date.now();
    keeper.kill("SIGTERM");
    expect(await keeper.exited).toBe(0);
    expect(Date.now() - sent).toBeLessThan(1000);
  } finally {
    keeper.kill("SIGKILL");
    squatter.stop(true);
  }
}, 30_000);
