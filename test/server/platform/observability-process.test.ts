import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startReceiver } from "../../fakes/rtmp-receiver";
import { addDestination, projectWithVideo, startStream, waitUntil } from "../../faults/harness";
import { ADMIN, stopServer } from "../../support/server-process";
import { startServerProcess } from "../streaming/streaming-server-process";

// The real server with JSON logs at debug level, used the way a studio uses it with secrets in play:
// its /metrics show the live stream by name and the failure by count, and its whole log output is
// JSON lines that never contain a secret.

const dataDir = mkdtempSync(join(tmpdir(), "console-observability-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const METRICS_TOKEN = "scrape-token-5b1f0c9e2d7a4e63";
const LIVE_KEY = "live-KEY-7c1e-secret";
const ODD_KEY = "odd?KEY&x=1/secret-9f3";
const WRONG_PASSWORD = "wrong-Pass-secret-77";

test("metrics name the live stream and count the failure; every log line is JSON without a secret", async () => {
  const server = await startServerProcess(dataDir, {
    LOG_FORMAT: "json",
    LOG_LEVEL: "debug",
    METRICS_TOKEN,
    // The webhook points at a closed port on this machine, as a studio's LAN receiver would.
    ALLOW_PRIVATE_TARGETS: "on",
  });
  const receiver = await startReceiver({ key: LIVE_KEY });
  const secrets = [
    ADMIN.password,
    LIVE_KEY,
    ODD_KEY,
    encodeURIComponent(ODD_KEY),
    METRICS_TOKEN,
    WRONG_PASSWORD,
  ];
  const metrics = async () =>
    (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  try {
    const wrong = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: ADMIN.email, password: WRONG_PASSWORD }),
    });
    expect(wrong.status).toBe(401);
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    secrets.push(/=([^;]+)/.exec(login.headers.get("set-cookie") ?? "")![1]!);
    const api = await server.api();
    const { projectId, mediaId } = await projectWithVideo(api, "Launch week");
    const hook = await api(`/projects/${projectId}/webhooks`, {
      json: { url: "http://127.0.0.1:9/hook", format: "generic", events: ["stream.failed"] },
    });
    expect(hook.status).toBe(201);
    secrets.push(((await hook.json()) as { secret: string }).secret);
    // An API token, used once rightly and once with a character changed.
    const minted = await api("/tokens", { json: { name: "Trailer pipeline" } });
    expect(minted.status).toBe(201);
    const { token } = (await minted.json()) as { token: string };
    const forged = `${token.slice(0, -1)}${token.endsWith("a") ? "b" : "a"}`;
    secrets.push(token, forged);
    for (const [bearer, status] of [
      [token, 200],
      [forged, 401],
    ] as const) {
      const res = await fetch(`${server.url}/api/projects`, {
        headers: { authorization: `Bearer ${bearer}` },
      });
      expect(res.status).toBe(status);
    }
    const failing = await addDestination(api, projectId, {
      name: "Nowhere",
      rtmpUrl: "rtmp://127.0.0.1:1/live",
      key: ODD_KEY,
      autorestart: false,
    });
    const live = await addDestination(api, projectId, {
      name: "Receiver",
      rtmpUrl: receiver.rtmpUrl,
      key: LIVE_KEY,
      autorestart: false,
    });
    const failuresBefore = counter(await metrics(), "stream_console_stream_failures_total");
    await startStream(api, failing, mediaId);
    await waitUntil(
      async () => counter(await metrics(), "stream_console_stream_failures_total") > failuresBefore,
      15_000,
      "the failure to be counted",
    );
    await startStream(api, live, mediaId);
    await receiver.waitForFrames(10, 20_000);
    const gauge =
      /stream_console_stream_bitrate_kbps\{project="Launch week",destination="Receiver",type="custom"\} [\d.]+/;
    await waitUntil(async () => gauge.test(await metrics()), 10_000, "the live stream's bitrate gauge");
    expect((await api(`/streams/status?projectId=${projectId}`)).status).toBe(200);
    const text = await metrics();
    expect(text).toMatch(
      /stream_console_stream_fps\{project="Launch week",destination="Receiver",type="custom"\}/,
    );
    expect(text).toMatch(/stream_console_streams\{status="running"\} 1/);
    expect(text).toMatch(/stream_console_streams\{status="error"\} 1/);
    expect(counter(text, "stream_console_upload_bytes_total")).toBeGreaterThan(0);
    expect(text).toMatch(/_count\{method="GET",route="\/api\/streams\/status",status="200"\} 1/);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain("rtmp://");
  } finally {
    await stopServer(server.proc);
    await receiver.stop();
  }
  const lines = server
    .output()
    .split("\n")
    .filter((l) => l.trim() !== "");
  for (const line of lines) {
    const entry = JSON.parse(line) as Record<string, unknown>;
    expect(typeof entry.time).toBe("string");
    expect(["debug", "info", "warn", "error"]).toContain(entry.level as string);
    expect(typeof entry.message).toBe("string");
    if (entry.message === "request") expect(entry.request_id).toBeString();
  }
  const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(entries.some((e) => e.message === "request" && typeof e.user_id === "number")).toBe(true);
  expect(entries.some((e) => typeof e.stream_id === "number")).toBe(true);
  const output = server.output();
  for (const secret of secrets) expect(output).not.toContain(secret);
}, 90_000);

function counter(text: string, name: string): number {
  const m = new RegExp(`^${name} ([\\d.e+]+)$`, "m").exec(text);
  return m ? Number(m[1]) : 0;
}
