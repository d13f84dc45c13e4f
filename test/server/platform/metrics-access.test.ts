import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { createApp } from "@server/app";
import type { Env } from "@server/platform/env";
import { configureLogger } from "@server/platform/log";
import { COMMON } from "@shared/messages/common";
import { testDeps } from "../../support/server";

// Who may read /metrics, and the request id every answer carries. The app is served on a real
// socket: the loopback rule reads the peer address, which app.request() does not have.

const servers: ReturnType<typeof Bun.serve>[] = [];
afterAll(() => {
  for (const s of servers) s.stop(true);
});

function serve(env: Partial<Record<keyof Env, string>> = {}) {
  const deps = testDeps(env);
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: createApp(deps).fetch });
  servers.push(server);
  return { deps, url: `http://127.0.0.1:${server.port}` };
}

const TOKEN = "metrics-token-0123456789abcdef";

describe("metrics access", () => {
  test("without METRICS_TOKEN a loopback caller reads the Prometheus text", async () => {
    const { url } = serve();
    const res = await fetch(`${url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    expect(text).toContain("process_cpu_seconds_total");
    expect(text).toContain("process_resident_memory_bytes");
    expect(text).toContain('stream_console_streams{status="running"} 0');
  });

  test("with METRICS_TOKEN: none or a wrong one is 401 JSON, the right one is 200", async () => {
    const { url } = serve({ METRICS_TOKEN: TOKEN });
    const refused: Record<string, string>[] = [
      {},
      { authorization: "Bearer wrong-token-0123456789abcd" },
      { authorization: TOKEN },
    ];
    for (const headers of refused) {
      const res = await fetch(`${url}/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(typeof ((await res.json()) as { error: string }).error).toBe("string");
    }
    const ok = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
  });

  test("a request forwarded from outside does not pass as loopback", async () => {
    const behindProxy = serve({ TRUST_PROXY: "1" });
    const outside = await fetch(`${behindProxy.url}/metrics`, {
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(outside.status).toBe(401);
    const viaLocal = await fetch(`${behindProxy.url}/metrics`, {
      headers: { "x-forwarded-for": "127.0.0.1" },
    });
    expect(viaLocal.status).toBe(200);
    // Not told about a proxy: a forwarded request may be a local proxy's, carrying anyone.
    const untold = serve();
    const forwarded = await fetch(`${untold.url}/metrics`, { headers: { "x-forwarded-for": "127.0.0.1" } });
    expect(forwarded.status).toBe(401);
  });

  test("METRICS_ENABLED=off: no /metrics at all", async () => {
    const { url } = serve({ METRICS_ENABLED: "off" });
    const res = await fetch(`${url}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: COMMON.notFound });
  });

  test("the histogram is labelled by route pattern, not by raw path", async () => {
    const { url } = serve();
    await fetch(`${url}/api/projects/12345`);
    const text = await (await fetch(`${url}/metrics`)).text();
    expect(text).toMatch(
      /stream_console_http_request_duration_seconds_count\{method="GET",route="\/api\/projects\/:id",status="401"\} \d+/,
    );
    expect(text).not.toContain("/api/projects/12345");
  });
});

describe("request ids", () => {
  afterEach(() => configureLogger({ write: (line) => console.error(line) }));

  test("a sane incoming X-Request-Id is echoed; a missing or unsafe one is replaced", async () => {
    const { url } = serve();
    const kept = await fetch(`${url}/api/health`, { headers: { "x-request-id": "ci-run-42.step_3" } });
    expect(kept.headers.get("x-request-id")).toBe("ci-run-42.step_3");
    const fresh = await fetch(`${url}/api/health`);
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    for (const bad of ["has space", "x".repeat(200), "line\u00e9break", "<script>"]) {
      const res = await fetch(`${url}/api/health`, { headers: { "x-request-id": bad } });
      const id = res.headers.get("x-request-id");
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
    const notFound = await fetch(`${url}/api/nothing-here`);
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("a 5xx answer carries the request id, and its log line the same id", async () => {
    const lines: string[] = [];
    configureLogger({ write: (line) => lines.push(line) });
    const { deps, url } = serve();
    // A fault nobody planned for: the database read behind /metrics throws.
    deps.db.select = (() => {
      throw new Error("planted: database unreadable");
    }) as unknown as typeof deps.db.select;
    const res = await fetch(`${url}/metrics`, { headers: { "x-request-id": "quote-me-123" } });
    expect(res.status).toBe(500);
    expect(res.headers.get("x-request-id")).toBe("quote-me-123");
    const body = (await res.json()) as { error: string; request_id: string };
    expect(body.request_id).toBe("quote-me-123");
    expect(body.error).not.toContain("planted");
    expect(lines.some((l) => l.includes("quote-me-123") && l.includes("planted: database unreadable"))).toBe(
      true,
    );
  });
});
