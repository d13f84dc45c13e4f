import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { type NginxRtmp, startNginxRtmp } from "../../fakes/nginx-rtmp";
import { waitFor } from "../../fakes/rtmp-receiver";
import { steamReadyMp4 } from "../../support/media";
import { addVideo, streamingWorld } from "./streaming-fixtures";

// The stream key travels apart from the URL, as OBS sends it. A real nginx-rtmp reports each publish
// (application, name, tcUrl) to the test; ffmpeg's own command line is read from /proc.

const KEYS = ["alpha?token=x1&sig=y", "beta&part=2", "gamma/sub/3"];

let ingest: NginxRtmp;
beforeAll(async () => {
  ingest = await startNginxRtmp();
}, 30_000);
afterAll(async () => {
  await ingest?.stop();
}, 30_000);

const argvOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);

describe("publishing with the key apart from the URL", () => {
  test("three streams to one application each arrive with their key as name and a tcUrl without it", async () => {
    const w = await streamingWorld();
    const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(6));
    const streams = await Promise.all(
      KEYS.map(async (key, i) => {
        const dest = await w.asDev.streaming.createDestination({
          name: `Ingest ${i + 1}`,
          type: "custom",
          rtmp_url: `${ingest.rtmpUrl}/`,
          stream_key: key,
          autorestart: false,
          project_id: w.project.id,
        });
        return w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
      }),
    );
    const publishOf = (key: string) => ingest.events.find((e) => e.call === "publish" && e.key === key);
    await waitFor(() => KEYS.every((k) => publishOf(k)), 20_000, "all three publishes");
    for (const key of KEYS) {
      expect(publishOf(key)).toMatchObject({ app: "live", tcurl: ingest.rtmpUrl });
      expect(publishOf(key)?.tcurl).not.toContain(key);
    }
    // All three are on air together.
    await waitFor(
      () => streams.every((s) => (w.deps.supervisor.live(s.id)?.out_time_seconds ?? 0) > 1),
      10_000,
      "all three streams running",
    );

    const rows = (await w.asDev.streaming.status({ projectId: w.project.id })).streams;
    for (const [i, key] of KEYS.entries()) {
      const pid = rows.find((r) => r.id === streams[i]?.id)?.pid;
      expect(pid).toBeGreaterThan(0);
      const argv = argvOf(pid!);
      expect(argv.filter((a) => /^rtmps?:/i.test(a))).toEqual([ingest.rtmpUrl, ingest.rtmpUrl]);
      expect(argv.filter((a) => a.includes(key))).toEqual([key]);
      expect(argv[argv.indexOf(key) - 1]).toBe("-rtmp_playpath");
      expect(argv[argv.indexOf("-rtmp_app") + 1]).toBe("live");
    }
    await Promise.all(streams.map((s) => w.asDev.streaming.stop({ streamId: s.id })));
  }, 60_000);
});
