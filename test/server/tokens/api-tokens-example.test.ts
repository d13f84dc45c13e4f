import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApp } from "@server/app";
import { main, tokenClient } from "@server/tools/stream-with-token";
import { API_TOKENS } from "@shared/messages/api-tokens";
import { type NginxRtmp, startNginxRtmp } from "../../fakes/nginx-rtmp";
import { sessionCookie } from "../../support/api-tokens";
import { steamReadyMp4 } from "../../support/media";
import { waitUntil } from "../../support/wait";
import { addVideo, streamingWorld, withSupervisor } from "../streaming/streaming-fixtures";

// The token example of docs/api.md, run as a script would: a real server on a loopback port, a token made
// through the API with a session, real ffmpeg publishing to a real nginx-rtmp.

let ingest: NginxRtmp;
let server: ReturnType<typeof Bun.serve>;
let url = "";
let token = "";
let world: Awaited<ReturnType<typeof streamingWorld>>;
const logged: string[] = [];

beforeAll(async () => {
  ingest = await startNginxRtmp();
  world = await streamingWorld();
  // The supervisor logs as in production, into this list, to show the token never reaches a log.
  withSupervisor(world.deps, {}, (line) => logged.push(line));
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: createApp(world.deps).fetch });
  url = `http://127.0.0.1:${server.port}`;
  const res = await fetch(`${url}/api/tokens`, {
    method: "POST",
    headers: { cookie: await sessionCookie(world.deps, world.dev.id), "content-type": "application/json" },
    body: JSON.stringify({ name: "Trailer approved", expires_in_days: 7 }),
  });
  expect(res.status).toBe(201);
  token = (await res.json()).token;
}, 30_000);

afterAll(async () => {
  server?.stop(true);
  await ingest?.stop();
}, 30_000);

async function destination(key: string) {
  return world.asDev.streaming.createDestination({
    name: `Ingest ${key}`,
    type: "custom",
    rtmp_url: ingest.rtmpUrl,
    stream_key: key,
    autorestart: false,
    project_id: world.project.id,
  });
}

async function startAndStop(key: string, extra: string[]) {
  const media = await addVideo(world.deps, world.project.id, await steamReadyMp4(6));
  const dest = await destination(key);
  const env = { CONSOLE_URL: url, CONSOLE_TOKEN: token };
  const lines: string[] = [];
  expect(await main(["start", String(dest.id), String(media.id), ...extra], env, (l) => lines.push(l))).toBe(
    0,
  );
  const [id, status] = lines[0]!.split("\t");
  expect(status).toBe("starting");
  await waitUntil(async () => (await ingest.flowing()).has(key), 20_000, `${key} on air`);
  expect(await main(["stop", id!, ...extra], env, (l) => lines.push(l))).toBe(0);
  expect(lines[1]).toBe(`${id}\tstopped`);
  await waitUntil(
    () => ingest.events.some((e) => e.call === "publish_done" && e.key === key),
    5000,
    `${key} done`,
  );
}

describe("server/tools/stream-with-token.ts", () => {
  test("starts and stops a stream over REST with only the token", async () => {
    await startAndStop("rest-key", []);
  }, 40_000);

  test("starts and stops a stream with the typed tRPC client and a bearer header", async () => {
    await startAndStop("trpc-key", ["--trpc"]);
    // As docs/api.md shows it: the typed client, signed with the token.
    const api = tokenClient(url, token);
    expect(await api.auth.me.query()).toMatchObject({ id: world.dev.id });
  }, 40_000);

  test("a wrong token prints the server's message; a missing one prints the usage", async () => {
    const lines: string[] = [];
    const wrong = `${token.slice(0, -1)}${token.endsWith("a") ? "b" : "a"}`;
    const env = { CONSOLE_URL: url, CONSOLE_TOKEN: wrong };
    expect(await main(["stop", "1"], env, (l) => lines.push(l))).toBe(1);
    expect(await main(["stop", "1", "--trpc"], env, (l) => lines.push(l))).toBe(1);
    expect(lines).toEqual([`error: ${API_TOKENS.invalid}`, `error: ${API_TOKENS.invalid}`]);
    expect(await main(["stop", "1"], { CONSOLE_URL: url }, (l) => lines.push(l))).toBe(2);
  });

  test("over real HTTP, a 10 kB bearer answers 401 JSON", async () => {
    const res = await fetch(`${url}/api/projects`, {
      headers: { authorization: `Bearer ${"a".repeat(10_240)}` },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: API_TOKENS.invalid });
  });

  test("the supervisor logged the streams, and never the token", () => {
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.filter((l) => l.includes(token) || l.includes(token.slice(10)))).toEqual([]);
  });
});
