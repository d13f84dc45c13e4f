import { afterEach, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { streams, webhookDeliveries } from "@server/platform/db/schema";
import { eq } from "drizzle-orm";
import { freePort, startBlackHole, startReceiver } from "../../fakes/rtmp-receiver";
import { until } from "../../fakes/webhook-receiver";
import { steamReadyMp4 } from "../../support/media";
import { waitUntil } from "../../support/wait";
import { hookedStreamingWorld } from "../streaming/hooked-world";
import { addVideo } from "../streaming/streaming-fixtures";

// Events from real ffmpeg runs reach a local receiver, and the stream key is nowhere in what is sent
// or logged.

const KEY = "live_SeCrEt?k=1&x/y";
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function setUp(rtmpUrl: string, timings = {}) {
  const {
    w,
    logs,
    hooks,
    webhook: created,
  } = await hookedStreamingWorld({
    cleanups,
    timings,
    events: [
      "stream.failed",
      "stream.restarting_repeatedly",
      "stream.stalled",
      "stream.recovered",
      "preparation.failed",
    ],
  });
  const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(6));
  const dest = await w.asDev.streaming.createDestination({
    name: "Steam main",
    type: "custom",
    rtmp_url: rtmpUrl,
    stream_key: KEY,
    autorestart: true,
    project_id: w.project.id,
  });
  const start = () => w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
  const events = () => hooks.received.map((h) => JSON.parse(h.body).event as string);
  const leaks = async () => {
    const stored = await w.deps.db.select().from(webhookDeliveries);
    const text = [
      ...hooks.received.map((h) => JSON.stringify(h)),
      ...stored.map((d) => JSON.stringify(d)),
      ...logs,
    ].join("\n");
    const sent = hooks.received.map((h) => h.body).join("\n");
    // Every spelling ffmpeg uses for the ingest: its URL, its TCP layer's URL, the bare address.
    const addresses = ["rtmp://", "tcp://", "127.0.0.1", w.deps.env.DATA_DIR].filter((s) => sent.includes(s));
    return [
      ...addresses,
      ...[KEY, encodeURIComponent(KEY), "SeCrEt", created.secret, "T0KEN"].filter((s) => text.includes(s)),
    ];
  };
  return { w, hooks, start, events, leaks, logs, created };
}

describe("webhooks from real streams", () => {
  test("a stream to a dead port: one stream.failed for all its retries, the recovery carries the count; no key anywhere", async () => {
    const port = freePort();
    const t = await setUp(`rtmp://127.0.0.1:${port}/live`);
    const s = await t.start();
    const row = async () => (await t.w.deps.db.select().from(streams).where(eq(streams.id, s.id)))[0]!;
    await waitUntil(async () => (await row()).errorCount >= 4, 20_000, "four failures");
    await until(() => t.events().includes("stream.restarting_repeatedly"), 5000, "restarting repeatedly");
    expect(t.events()).toEqual(["stream.failed", "stream.restarting_repeatedly"]);
    const repeated = t.hooks.received
      .map((h) => JSON.parse(h.body))
      .find((b) => b.event === "stream.restarting_repeatedly");
    expect(repeated.failures).toBe(3);
    const failed = JSON.parse(t.hooks.received[0]!.body);
    expect(failed).toMatchObject({
      stream_id: s.id,
      destination_name: "Steam main",
      media_name: expect.any(String),
    });
    expect(failed.message).toBeString();
    // The ingest comes up: the next retry publishes, and one recovery closes the incident.
    const receiver = await startReceiver({ port, key: KEY });
    cleanups.push(() => receiver.stop());
    await until(() => t.events().includes("stream.recovered"), 20_000, "recovered");
    expect(t.events()).toEqual(["stream.failed", "stream.restarting_repeatedly", "stream.recovered"]);
    const recovered = JSON.parse(t.hooks.received.at(-1)!.body);
    expect(recovered.failures).toBe((await row()).errorCount);
    expect(await t.leaks()).toEqual([]);
    expect(t.logs.some((l) => l.includes("failed"))).toBe(true);
  }, 45_000);

  test("a killed ffmpeg that comes back is told as failed, then recovered", async () => {
    const receiver = await startReceiver({ reconnect: true, key: KEY });
    cleanups.push(() => receiver.stop());
    const t = await setUp(receiver.rtmpUrl, { backoffBaseMs: 1000 });
    const s = await t.start();
    const row = async () => (await t.w.deps.db.select().from(streams).where(eq(streams.id, s.id)))[0]!;
    await waitUntil(async () => (await row()).status === "running", 10_000, "running");
    expect(t.events()).toEqual([]);
    process.kill((await row()).pid!, "SIGKILL");
    await until(() => t.events().includes("stream.recovered"), 15_000, "recovered");
    expect(t.events()).toEqual(["stream.failed", "stream.recovered"]);
    expect(await t.leaks()).toEqual([]);
  }, 30_000);

  test("a stall is told as stalled", async () => {
    const hole = startBlackHole();
    cleanups.push(() => hole.stop());
    const t = await setUp(hole.rtmpUrl, { stallMs: 1500 });
    await t.start();
    await until(() => t.events().includes("stream.stalled"), 10_000, "stalled");
    expect(t.events().slice(0, 2)).toEqual(["stream.failed", "stream.stalled"]);
    expect(await t.leaks()).toEqual([]);
  }, 20_000);

  test("a media file that cannot be prepared is told, without its path", async () => {
    const t = await setUp(`rtmp://127.0.0.1:${freePort()}/live`);
    const junk = join(tmpdir(), `not-a-video-${crypto.randomUUID()}.mp4`);
    writeFileSync(junk, "this is not a video");
    const media = await addVideo(t.w.deps, t.w.project.id, junk, { steamReady: false });
    await expect(t.w.deps.supervisor.preparations.ensure(media)).rejects.toThrow();
    await until(() => t.events().includes("preparation.failed"), 5000, "preparation.failed");
    const body = JSON.parse(t.hooks.received.find((h) => h.body.includes("preparation.failed"))!.body);
    expect(body).toMatchObject({ media_id: media.id, media_name: media.originalName, stream_id: null });
    expect(t.hooks.received.map((h) => h.body).join()).not.toContain(t.w.deps.env.DATA_DIR);
  });
});
