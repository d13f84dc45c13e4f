import { expect, test } from "bun:test";
import { LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT } from "@shared/limits";
import { serverProcessForFile } from "../server/streaming/streaming-server-process";
import { ADMIN } from "../support/server-process";

// Fault scenario: 50 concurrent wrong sign-ins against the real server, started as `npm start` starts
// it, behind a (simulated) trusted proxy. Exactly the limit are checked, the rest are refused at once,
// the owner still signs in from elsewhere, and the server keeps answering.

const startServer = serverProcessForFile("fault-signin-");

test("50 concurrent wrong sign-ins: the limit holds, the owner gets in, the server stays up", async () => {
  const server = await startServer({ TRUST_PROXY: "1" });
  const url = server.url;
  const login = (password: string, from: string) =>
    fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": from },
      body: JSON.stringify({ email: ADMIN.email, password }),
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
  expect((await login(ADMIN.password, "203.0.113.50")).status).toBe(429);
  expect((await login(ADMIN.password, "198.51.100.20")).status).toBe(200);
  expect(server.proc.exitCode).toBeNull();
  expect(server.output()).not.toMatch(/unexpected error|Unhandled|TypeError/);
}, 60_000);
