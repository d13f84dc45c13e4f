import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT } from "../../shared/limits";
import { PROCESS_ADMIN, type ServerProcess, startServerProcess } from "../server/streaming-server-process";

// Fault scenario: 50 concurrent wrong sign-ins against the real server, started as `npm start` starts
// it, behind a (simulated) trusted proxy. Exactly the limit are checked, the rest are refused at once,
// the owner still signs in from elsewhere, and the server keeps answering.

const dir = mkdtempSync(join(tmpdir(), "fault-signin-"));
let server: ServerProcess | undefined;
afterAll(async () => {
  if (server && server.proc.exitCode === null) {
    server.proc.kill("SIGTERM");
    await server.proc.exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

test("50 concurrent wrong sign-ins: the limit holds, the owner gets in, the server stays up", async () => {
  server = await startServerProcess(dir, { TRUST_PROXY: "1" });
  const url = server.url;
  const login = (password: string, from: string) =>
    fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": from },
      body: JSON.stringify({ email: PROCESS_ADMIN.email, password }),
    });

  const started = performance.now();
  const flood = await Promise.all(Array.from({ length: 50 }, (_, i) => login(`guess-${i}`, "203.0.113.50")));
  const floodMs = Math.round(performance.now() - started);
  const tally: Record<number, number> = {};
  for (const r of flood) tally[r.status] = (tally[r.status] ?? 0) + 1;
  expect(tally).toEqual({ 401: LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT, 429: 50 - LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT });
  for (const r of flood.filter((r) => r.status === 429)) {
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(typeof (await r.json()).error).toBe("string");
  }
  console.log(
    `[signin-flood] 50 concurrent wrong sign-ins answered in ${floodMs} ms: ${JSON.stringify(tally)}`,
  );

  expect((await fetch(`${url}/api/health`)).status).toBe(200);
  expect((await login(PROCESS_ADMIN.password, "203.0.113.50")).status).toBe(429);
  expect((await login(PROCESS_ADMIN.password, "198.51.100.20")).status).toBe(200);
  expect(server.proc.exitCode).toBeNull();
  expect(server.output()).not.toMatch(/unexpected error|Unhandled|TypeError/);
}, 60_000);
