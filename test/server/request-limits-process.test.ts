import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COMMON } from "../../shared/messages/common";
import { type ServerProcess, startServerProcess } from "./streaming-server-process";

// The size limits on the real server: Bun's own parser stands in front of the app there, and answers
// an empty 431 above its header limit unless the server is started as the start script starts it.

const dir = mkdtempSync(join(tmpdir(), "limits-process-"));
let server: ServerProcess | undefined;
afterAll(async () => {
  if (server && server.proc.exitCode === null) {
    server.proc.kill("SIGTERM");
    await server.proc.exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

test("over-long URLs and headers answer JSON 414 and 431; the server answers /api/health after each", async () => {
  server = await startServerProcess(dir);
  const url = server.url;
  const cases: [string, RequestInit, number, string][] = [
    [`/api/health?x=${"a".repeat(10_000)}`, {}, 414, COMMON.urlTooLong],
    [`/api/health?x=${"a".repeat(40_000)}`, {}, 414, COMMON.urlTooLong],
    [`/${"a".repeat(40_000)}`, {}, 414, COMMON.urlTooLong],
    ["/api/health", { headers: { "x-padding": "a".repeat(20_000) } }, 431, COMMON.headersTooLarge],
    ["/api/health", { headers: { "x-padding": "a".repeat(50_000) } }, 431, COMMON.headersTooLarge],
  ];
  for (const [path, init, status, error] of cases) {
    const res = await fetch(`${url}${path}`, init);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ error });
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
  }
  const text = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "text/plain" },
    body: JSON.stringify({ email: "admin@example.com", password: "x" }),
  });
  expect(text.status).toBe(415);
  expect(await text.json()).toEqual({ error: COMMON.jsonRequired });
  expect(server.proc.exitCode).toBeNull();
}, 60_000);
