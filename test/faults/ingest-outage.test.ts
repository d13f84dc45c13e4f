import { afterAll, expect, test } from "bun:test";
import { type NginxRtmp, startNginxRtmp } from "../fakes/nginx-rtmp";
import {
  addDestination,
  type Console,
  ffmpegsWithKey,
  projectWithVideo,
  startConsole,
  startStream,
  waitUntil,
} from "./harness";

// The ingest goes away for 90 s, long enough for every stream's backoff to reach tens of seconds,
// then comes back. The knock on the ingest restarts every stream within seconds of its return
// instead of leaving it to wait out its backoff.

const OUTAGE_MS = 90_000;
const STREAMS = 5;

let ingest: NginxRtmp | undefined;
let console_: Console | undefined;
afterAll(async () => {
  await console_?.stop();
  await ingest?.stop();
});

test(
  `the ingest down for ${OUTAGE_MS / 1000} s, then back: every stream publishes again within 5 s`,
  async () => {
    ingest = await startNginxRtmp();
    const nginx = ingest;
    console_ = await startConsole();
    const api = await console_.api();
    const { projectId, mediaId } = await projectWithVideo(api);
    const keys = Array.from({ length: STREAMS }, (_, i) => `outage-${i + 1}`);
    for (const key of keys) {
      const destinationId = await addDestination(api, projectId, { name: key, rtmpUrl: nginx.rtmpUrl, key });
      await startStream(api, destinationId, mediaId);
    }
    const allFlowing = async () => {
      const flowing = await nginx.flowing();
      return keys.every((k) => flowing.has(k));
    };
    await waitUntil(allFlowing, 30_000, "every stream to publish", 100);

    await nginx.down();
    const downAt = Date.now();
    await waitUntil(() => Date.now() - downAt >= OUTAGE_MS, OUTAGE_MS + 1000, "the outage to last", 500);
    await nginx.up();
    const upAt = Date.now();

    const back = await waitUntil(
      () => {
        const times = keys.map(
          (k) => nginx.events.find((e) => e.call === "publish" && e.name === k && e.at > upAt)?.at,
        );
        return times.every((t) => t !== undefined) ? (times as number[]) : null;
      },
      15_000,
      "every stream to publish again",
      100,
    );
    const slowest = Math.max(...back) - upAt;
    console.log(
      `fault figure: ${STREAMS} streams publishing again ${Math.min(...back) - upAt}-${slowest} ms after a ${OUTAGE_MS / 1000} s ingest outage ended`,
    );
    expect(slowest).toBeLessThanOrEqual(5000);
    await waitUntil(allFlowing, 10_000, "media flowing from every stream", 100);
    // One ffmpeg per stream: no duplicate pushed while the backoff timers were cut short.
    for (const k of keys) expect(ffmpegsWithKey(console_.dataDir, k)).toHaveLength(1);
    expect(await console_.health()).toBe(true);
  },
  OUTAGE_MS + 90_000,
);
