import { afterEach, describe, expect, test } from "bun:test";
import { isRefusedPublish, REFUSAL_WINDOW_MS } from "@server/features/streaming/refusal";
import { streams } from "@server/platform/db/schema";
import { STREAMING } from "@shared/messages/streaming";
import { eq } from "drizzle-orm";
import { startNginxRtmp } from "../../fakes/nginx-rtmp";
import { startNodeMediaServer } from "../../fakes/node-media-server";
import { waitFor } from "../../fakes/rtmp-receiver";
import { steamReadyMp4 } from "../../support/media";
import { hookedStreamingWorld } from "./hooked-world";
import { addVideo } from "./streaming-fixtures";

// An ingest that turns a key away, with real ffmpeg against two real ingests: the card, the history and
// the stream.failed webhook say so in plain words, not ffmpeg's closing error; a good key still goes out.

const BAD = "revoked_KEY-secret";
const GOOD = "good_KEY-secret";
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function world(rtmpUrl: string) {
  const { w, hooks, logs } = await hookedStreamingWorld({ cleanups, events: ["stream.failed"] });
  const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(6));
  const start = async (key: string, autorestart = false) => {
    const dest = await w.asDev.streaming.createDestination({
      name: `Ingest ${key.slice(0, 4)}`,
      type: "custom",
      rtmp_url: rtmpUrl,
      stream_key: key,
      autorestart,
      project_id: w.project.id,
    });
    const s = await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
    const row = async () => (await w.deps.db.select().from(streams).where(eq(streams.id, s.id)))[0]!;
    return { dest, s, row };
  };
  return { w, hooks, logs, start };
}

async function expectRefusalSaid(t: Awaited<ReturnType<typeof world>>) {
  const { w, hooks, logs } = t;
  const { dest, s, row } = await t.start(BAD);
  await waitFor(async () => (await row()).status === "error", 15_000, "the refused stream to end in error");
  expect((await row()).lastErrorMessage).toBe(STREAMING.keyRefused);

  const cards = await w.asViewer.streaming.destinations({ projectId: w.project.id });
  const card = cards.find((c) => c.id === dest.id)!;
  expect(card.last_failure?.ended).toBe(true);
  expect(card.last_failure?.message).toBe(STREAMING.keyRefused);

  const { streams: history } = await w.asViewer.streaming.status({ projectId: w.project.id });
  expect(history.find((h) => h.id === s.id)?.last_error_message).toBe(STREAMING.keyRefused);

  await waitFor(() => hooks.received.length > 0, 10_000, "the stream.failed webhook");
  const payload = JSON.parse(hooks.received[0]!.body);
  expect(payload).toMatchObject({ event: "stream.failed", stream_id: s.id, message: STREAMING.keyRefused });

  // ffmpeg's own words stay in the log, without the key.
  expect(logs.some((l) => l.includes("ffmpeg said:"))).toBe(true);
  expect(logs.join("\n")).not.toContain(BAD);
  return { s, row };
}

describe("a refused stream key", () => {
  test("nginx-rtmp whose on_publish answers 403: said plainly on the card, the history and the webhook", async () => {
    const ingest = await startNginxRtmp({ refuse: (key) => key === BAD });
    cleanups.push(() => ingest.stop());
    const t = await world(ingest.rtmpUrl);
    await expectRefusalSaid(t);
    expect(ingest.events.some((e) => e.call === "publish" && e.key === BAD)).toBe(true);

    // The same ingest takes a good key.
    const good = await t.start(GOOD);
    await waitFor(async () => (await good.row()).status === "running", 15_000, "the good key to publish");
    expect((await good.row()).errorCount).toBe(0);
  }, 45_000);

  test("node-media-server closing the publish at once: said plainly, and auto-restart still retries", async () => {
    const ingest = await startNodeMediaServer((key) => key === BAD);
    cleanups.push(() => ingest.stop());
    const t = await world(ingest.rtmpUrl);
    await expectRefusalSaid(t);

    // With auto-restart a refusal is retried: the key may be fixed by an edit.
    const retried = await t.start(BAD, true);
    await waitFor(async () => (await retried.row()).errorCount >= 2, 15_000, "a retry after the refusal");
    expect((await retried.row()).lastErrorMessage).toBe(STREAMING.keyRefused);
    await t.w.asDev.streaming.stop({ streamId: retried.s.id });

    const good = await t.start(GOOD);
    await waitFor(async () => (await good.row()).status === "running", 15_000, "the good key to publish");
    await waitFor(() => ingest.published.includes(GOOD), 5000, "the ingest to take the good key");
    expect((await good.row()).errorCount).toBe(0);
  }, 60_000);
});

describe("what is not a refusal", () => {
  test("a closed port, a cut after a long run and a broken pipe keep ffmpeg's words", () => {
    expect(isRefusedPublish(["rtmp://127.0.0.1:1/live: Input/output error"], null)).toBe(true);
    // A certificate that did not verify ends the same way, but the key never left: not a refusal.
    expect(
      isRefusedPublish(
        ["[tls @ 0x1] Peer certificate failed verification", "rtmps://127.0.0.1:1/live: Input/output error"],
        null,
      ),
    ).toBe(false);
    expect(
      isRefusedPublish(["[tcp @ 0x1] Connection to tcp://127.0.0.1:1 failed: Connection refused"], null),
    ).toBe(false);
    const cut = [
      "av_interleaved_write_frame(): End of file",
      "Error writing trailer of rtmp://h/live: End of file",
    ];
    expect(isRefusedPublish(cut, 200)).toBe(true);
    expect(isRefusedPublish(cut, REFUSAL_WINDOW_MS + 1)).toBe(false);
    expect(isRefusedPublish(["av_interleaved_write_frame(): Broken pipe"], 200)).toBe(false);
  });
});
