import { describe, expect, test } from "bun:test";
import type { AppDeps } from "@server/deps";
import { destinations, streams } from "@server/platform/db/schema";
import { STREAMING } from "@shared/messages/streaming";
import { TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { h264Mp4 } from "../../support/media";
import { testResolver } from "../../support/resolver";
import { makeOrg, makeProject, makeUser, testApp, testDeps } from "../../support/server";
import { waitUntil } from "../../support/wait";
import { addVideo, signedInCaller, withSupervisor } from "./streaming-fixtures";

// RTMP destinations: local relays and LAN ingests are a real use, but a link-local or cloud
// metadata address is never a streaming server, and hidden characters never belong in a key or URL.

async function world(names = new Map<string, string[]>()) {
  const t = testApp(testDeps({}, { resolve: testResolver(names) }));
  withSupervisor(t.deps);
  const org = await makeOrg(t.deps);
  const project = await makeProject(t.deps, { orgId: org.id });
  const dev = await makeUser(t.deps, { role: "developer", orgId: org.id });
  return { ...t, project, cookie: await t.signIn(dev.email), trpc: await signedInCaller(t.deps, dev.id) };
}
type World = Awaited<ReturnType<typeof world>>;

const rows = async (deps: AppDeps) => await deps.db.select().from(destinations);
const custom = (w: World, rtmp_url: string, stream_key = "live_key") => ({
  name: "Relay",
  type: "custom",
  rtmp_url,
  stream_key,
  project_id: w.project.id,
});

async function refusedEverywhere(
  w: World,
  fields: { rtmp_url?: string; stream_key?: string },
  message: string,
) {
  const label = JSON.stringify(fields);
  const body = custom(w, fields.rtmp_url ?? "rtmp://127.0.0.1:1935/live", fields.stream_key);
  const rest = await w.call("/api/destinations", { method: "POST", cookie: w.cookie, json: body });
  expect({ label, status: rest.status, body: await rest.json() }).toEqual({
    label,
    status: 400,
    body: { error: message },
  });
  const trpc = await w.trpc.streaming.createDestination(body as never).catch((e: unknown) => e);
  // Input refusals carry zod's issue list as their message; a service refusal carries the text.
  expect({ label, code: trpc instanceof TRPCError && trpc.code }).toEqual({ label, code: "BAD_REQUEST" });
  expect((trpc as Error).message).toContain(message);
  // An update is refused the same way and leaves the destination as it was.
  const existing = (await rows(w.deps))[0]!;
  const put = await w.call(`/api/destinations/${existing.id}`, {
    method: "PUT",
    cookie: w.cookie,
    json: fields,
  });
  expect({ label, status: put.status, body: await put.json() }).toEqual({
    label,
    status: 400,
    body: { error: message },
  });
  const viaTrpc = await w.trpc.streaming
    .updateDestination({ id: existing.id, ...fields })
    .catch((e: unknown) => e);
  expect({ label, code: (viaTrpc as TRPCError).code }).toEqual({ label, code: "BAD_REQUEST" });
  expect((viaTrpc as Error).message).toContain(message);
  expect((await rows(w.deps)).find((r) => r.id === existing.id)).toEqual(existing);
}

describe("RTMP destination targets", () => {
  test("link-local and metadata ingests are refused in every spelling; loopback and LAN are not", async () => {
    const names = new Map([
      ["imds.studio.example", ["169.254.169.254"]],
      ["relay.studio.example", ["10.0.0.5"]],
    ]);
    const w = await world(names);
    for (const url of [
      "rtmp://127.0.0.1:1935/live",
      "rtmp://192.168.1.20/live",
      "rtmp://localhost/live",
      "rtmp://relay.studio.example/live",
      "rtmps://[::1]:443/live",
    ]) {
      const res = await w.call("/api/destinations", {
        method: "POST",
        cookie: w.cookie,
        json: custom(w, url),
      });
      expect({ url, status: res.status }).toEqual({ url, status: 201 });
    }
    for (const rtmp_url of [
      "rtmp://169.254.169.254/live",
      "rtmp://2852039166/live",
      "rtmp://0xA9FEA9FE/live",
      "rtmp://169.254.43518/live",
      "rtmp://[::ffff:a9fe:a9fe]/live",
      "rtmp://[::ffff:169.254.169.254]:1935/live",
      "rtmp://[fd00:ec2::254]/live",
      "rtmp://100.100.100.200/live",
      "rtmp://metadata.google.internal/live",
      "rtmps://Metadata.Google.Internal./live",
      "rtmp://169.254.10.10/live",
      "rtmps://[fe80::1]/live",
      "rtmp://imds.studio.example/live",
    ])
      await refusedEverywhere(w, { rtmp_url }, STREAMING.rtmpUrlRefused);
  });

  test("control characters, bidi overrides and whitespace in a key or URL answer 400", async () => {
    const w = await world();
    const first = await w.call("/api/destinations", {
      method: "POST",
      cookie: w.cookie,
      json: custom(w, "rtmp://127.0.0.1:1935/live"),
    });
    expect(first.status).toBe(201);
    for (const stream_key of [
      "live\u0000key",
      "live\u001b[31mkey",
      "live\u202ekey",
      "live\u2066key",
      "live\u200fkey",
      "live key",
      "live\tkey",
      "live\u00a0key",
      "live\u200bkey",
    ])
      await refusedEverywhere(w, { stream_key }, STREAMING.streamKeyCharacters);
    for (const rtmp_url of [
      "rtmp://127.0.0.1/live\u0000",
      "rtmp://127.0.0.1/\u202eevil",
      "rtmp://127.0.0.1/li ve",
      "rtmp://127.0.0.1/\u001b[2Jlive",
      "rtmp://127.0.0.1/live\u2069",
    ])
      await refusedEverywhere(w, { rtmp_url }, STREAMING.rtmpUrlCharacters);
  });

  test("a name that points at the metadata service by start time is refused before ffmpeg runs", async () => {
    const names = new Map([["relay.studio.example", ["10.0.0.5"]]]);
    const w = await world(names);
    const created = await w.call("/api/destinations", {
      method: "POST",
      cookie: w.cookie,
      json: custom(w, "rtmp://relay.studio.example/live"),
    });
    expect(created.status).toBe(201);
    const destination = await created.json();
    names.set("relay.studio.example", ["169.254.169.254"]);
    const media = await addVideo(w.deps, w.project.id, await h264Mp4(2));
    const stream = await w.trpc.streaming.start({ destinationId: destination.id, mediaId: media.id });
    const row = async () => (await w.deps.db.select().from(streams).where(eq(streams.id, stream.id)))[0]!;
    await waitUntil(async () => (await row()).status === "error", 5000, "the refused start");
    expect(await row()).toMatchObject({
      status: "error",
      pid: null,
      lastErrorMessage: STREAMING.rtmpUrlRefused,
    });
  });
});
