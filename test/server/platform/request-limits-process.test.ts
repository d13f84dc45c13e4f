import { expect, test } from "bun:test";
import { COMMON } from "@shared/messages/common";
import { serverProcessForFile } from "../streaming/streaming-server-process";

// The size limits on the real server: Bun's own parser stands in front of the app there, and answers
// an empty 431 above its header limit unless the server is started as the start script starts it.

const startServer = serverProcessForFile("limits-process-");

test("over-long URLs and headers answer JSON 414 and 431; the server answers /api/health after each", async () => {
  const server = await startServer();
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
