import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { STREAMING } from "@shared/messages/streaming";
import { type NginxRtmp, startNginxRtmp } from "../fakes/nginx-rtmp";
import {
  type Api,
  addDestination,
  type Console,
  ffmpegsWithKey,
  projectWithVideo,
  startConsole,
  startStream,
  streamsOf,
  waitUntil,
} from "./harness";

// One ffmpeg killed or frozen under a console started as `npm start` starts it, and a burst of
// starts on one destination. The ingest is a real nginx-rtmp that reports every publish.

let ingest: NginxRtmp;
let console_: Console;
let api: Api;
let projectId: number;
let mediaId: number;

beforeAll(async () => {
  ingest = await startNginxRtmp();
  console_ = await startConsole();
  api = await console_.api();
  ({ projectId, mediaId } = await projectWithVideo(api));
}, 90_000);

afterAll(async () => {
  await console_?.stop();
  await ingest?.stop();
});

const publishedAfter = (key: string, since: number) =>
  ingest.events.find((e) => e.call === "publish" && e.name === key && e.at > since);

async function liveStream(name: string, key: string) {
  const destinationId = await addDestination(api, projectId, { name, rtmpUrl: ingest.rtmpUrl, key });
  const streamId = await startStream(api, destinationId, mediaId);
  await waitUntil(async () => (await ingest.flowing()).has(key), 20_000, `${name} to publish`, 100);
  const pid = await waitUntil(() => ffmpegsWithKey(console_.dataDir, key)[0], 5000, `${name}'s ffmpeg`);
  return { destinationId, streamId, pid };
}

async function row(streamId: number) {
  const found = (await streamsOf(api, projectId)).find((s) => s.id === streamId);
  if (!found) throw new Error(`stream ${streamId} is not listed`);
  return found;
}

describe("one ffmpeg fails under a running console", () => {
  test("kill -9 of one ffmpeg: that stream is back, the others never noticed", async () => {
    const other = await liveStream("Bystander", "bystander-key");
    const victim = await liveStream("Killed", "killed-key");
    const killedAt = Date.now();
    process.kill(victim.pid, "SIGKILL");

    const back = await waitUntil(
      () => publishedAfter("killed-key", killedAt),
      15_000,
      "the killed stream to publish again",
    );
    console.log(`fault figure: back after ffmpeg SIGKILL in ${back.at - killedAt} ms`);
    const newPid = await waitUntil(
      () => ffmpegsWithKey(console_.dataDir, "killed-key")[0],
      5000,
      "a new ffmpeg",
    );
    expect(newPid).not.toBe(victim.pid);
    expect(ffmpegsWithKey(console_.dataDir, "killed-key")).toHaveLength(1);
    const after = await waitUntil(
      async () => {
        const r = await row(victim.streamId);
        return r.status === "running" ? r : null;
      },
      10_000,
      "the stream row to say running",
    );
    expect(after.error_count).toBe(1);
    expect(after.last_error_message).toContain("SIGKILL");
    // The bystander kept its one connection all along.
    expect(ffmpegsWithKey(console_.dataDir, "bystander-key")).toEqual([other.pid]);
    expect(ingest.events.filter((e) => e.name === "bystander-key" && e.call === "publish_done")).toHaveLength(
      0,
    );
    expect(await console_.health()).toBe(true);
  }, 60_000);

  test("SIGSTOP of one ffmpeg: the stall watch kills it and the stream is back", async () => {
    const frozen = await liveStream("Frozen", "frozen-key");
    const stoppedAt = Date.now();
    process.kill(frozen.pid, "SIGSTOP");

    const back = await waitUntil(
      () => publishedAfter("frozen-key", stoppedAt),
      50_000,
      "the frozen stream to publish again",
      100,
    );
    console.log(`fault figure: back after ffmpeg SIGSTOP in ${back.at - stoppedAt} ms (stall limit 30 s)`);
    const r = await waitUntil(
      async () => {
        const x = await row(frozen.streamId);
        return x.status === "running" ? x : null;
      },
      10_000,
      "the stream row to say running",
    );
    expect(r.error_count).toBe(1);
    expect(r.last_error_message).toBe(STREAMING.stalled);
    // The frozen process itself is gone, not left stopped forever.
    expect(ffmpegsWithKey(console_.dataDir, "frozen-key")).not.toContain(frozen.pid);
    expect(ffmpegsWithKey(console_.dataDir, "frozen-key")).toHaveLength(1);
  }, 80_000);
});

describe("a burst of starts", () => {
  test("20 concurrent starts on one destination: one stream, one ffmpeg, 19 clear refusals", async () => {
    const destinationId = await addDestination(api, projectId, {
      name: "Burst",
      rtmpUrl: ingest.rtmpUrl,
      key: "burst-key",
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api(`/destinations/${destinationId}/stream`, { json: { mediaId } }).then(async (res) => ({
          status: res.status,
          body: (await res.json()) as { error?: string },
        })),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.body.error).toBe(STREAMING.destinationBusy);
    await waitUntil(
      async () => (await ingest.flowing()).has("burst-key"),
      20_000,
      "the burst stream to publish",
      100,
    );
    expect(ffmpegsWithKey(console_.dataDir, "burst-key")).toHaveLength(1);
    const live = (await streamsOf(api, projectId)).filter(
      (s) => s.destination_id === destinationId && ["starting", "running"].includes(s.status),
    );
    expect(live).toHaveLength(1);
    expect(ingest.events.filter((e) => e.name === "burst-key" && e.call === "publish")).toHaveLength(1);
    expect(await console_.health()).toBe(true);
  }, 60_000);
});
