import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "@server/app";
import { testDeps } from "../../support/server";

// Independent linters read what the console really serves: the API document through Redocly and
// Spectral (its OpenAPI ruleset), a /metrics scrape through Prometheus's promtool. Each must pass
// with no error. The configs are the repo's own (redocly.yaml, .spectral.yaml); nothing is fetched.

const ROOT = join(import.meta.dir, "..", "..", "..");
const BIN = join(ROOT, "node_modules", ".bin");
let server: ReturnType<typeof Bun.serve>;
let base: string;
let dir: string;

beforeAll(() => {
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: createApp(testDeps()).fetch });
  base = `http://127.0.0.1:${server.port}`;
  dir = mkdtempSync(join(tmpdir(), "api-linters-"));
});
afterAll(() => {
  server?.stop(true);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function run(cmd: string[], stdin?: string) {
  const child = Bun.spawn(cmd, {
    cwd: ROOT,
    stdin: stdin === undefined ? "ignore" : new Blob([stdin]),
    stdout: "pipe",
    stderr: "pipe",
    // No telemetry and no update check: the run stays on this machine.
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
  });
  const [out, err, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { code, output: `${out}\n${err}` };
}

async function servedDocument(): Promise<string> {
  const res = await fetch(`${base}/api/openapi.json`);
  expect(res.status).toBe(200);
  const path = join(dir, "openapi.json");
  writeFileSync(path, await res.text());
  return path;
}

describe("the served API document", () => {
  test("passes Redocly's recommended rules, with a 4xx answer on every operation", async () => {
    const { code, output } = await run([
      join(BIN, "redocly"),
      "lint",
      "--config",
      join(ROOT, "redocly.yaml"),
      await servedDocument(),
    ]);
    expect(output).not.toContain("error was generated");
    expect(code, output).toBe(0);
  }, 60_000);

  test("passes Spectral's OpenAPI ruleset", async () => {
    const { code, output } = await run([
      join(BIN, "spectral"),
      "lint",
      "--ruleset",
      join(ROOT, ".spectral.yaml"),
      "--fail-severity",
      "error",
      await servedDocument(),
    ]);
    expect(output).toMatch(/\b0 errors\b|No results with a severity of 'error' found/);
    expect(code, output).toBe(0);
  }, 60_000);
});

describe("a /metrics scrape", () => {
  test("passes promtool check metrics", async () => {
    // A few answers first, so the request histogram has series to check.
    await fetch(`${base}/api/health`);
    await fetch(`${base}/api/projects`);
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("stream_console_http_request_duration_seconds_bucket");
    const { code, output } = await run(["promtool", "check", "metrics"], text);
    expect(code, output).toBe(0);
  }, 60_000);
});
