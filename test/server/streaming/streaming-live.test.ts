import { describe, expect, test } from "bun:test";
import { isAlive } from "@server/features/streaming/processes";
import { startReceiver, waitFor } from "../../fakes/rtmp-receiver";
import { steamReadyMp4 } from "../../support/media";
import { addVideo, streamingWorld } from "./streaming-fixtures";

// Real ffmpeg pushing to a real RTMP receiver on loopback.

describe("a stream to a live receiver", () => {
  test("frames arrive, the row runs with live figures, stop ends the receiver's input", async () => {
    const w = await streamingWorld();
    const receiver = await startReceiver({ key: "sekret-KEY-42" });
    const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(6));
    const dest = await w.asDev.streaming.createDestination({
      name: "Local",
      type: "custom",
      rtmp_url: receiver.rtmpUrl,
      stream_key: receiver.key,
      autorestart: false,
      project_id: w.project.id,
    });
    const started = await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
    expect(started.status).toBe("starting");
    await receiver.waitForFrames(30);
    await waitFor(
      () =>
        w.deps.supervisor.live(started.id) !== null &&
        (w.deps.supervisor.live(started.id)?.out_time_seconds ?? 0) > 1,
      5000,
      "running with figures",
    );
    const { streams } = await w.asDev.streaming.status({ projectId: w.project.id });
    const row = streams.find((s) => s.id === started.id)!;
    expect(row.status).toBe("running");
    expect(row.pid).toBeGreaterThan(0);
    expect(row.live!.frame).toBeGreaterThan(0);
    expect(row.live!.fps).toBeGreaterThan(0);
    expect(row.live!.bitrate_kbps).toBeGreaterThan(0);
    expect(row.live!.speed).toBeGreaterThan(0.5);
    expect(row.live!.out_time_seconds).toBeGreaterThan(1);
    const [d] = await w.asDev.streaming.destinations({ projectId: w.project.id });
    expect(d).toMatchObject({
      active_stream_id: started.id,
      stream_status: "running",
      streaming_media_id: media.id,
    });

    const pid = row.pid!;
    const t0 = performance.now();
    const stopped = await w.asDev.streaming.stop({ streamId: started.id });
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(stopped.status).toBe("stopped");
    expect(stopped.stopped_at).not.toBeNull();
    expect(stopped.pid).toBeNull();
    expect(isAlive(pid)).toBe(false);
    // The receiver's input ends when the publisher leaves.
    await Promise.race([
      receiver.ended(),
      Bun.sleep(3000).then(() => Promise.reject(new Error("receiver still open"))),
    ]);
    await receiver.stop();
  }, 20_000);
});
