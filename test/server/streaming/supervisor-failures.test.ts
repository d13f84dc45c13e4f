import { describe, expect, test } from "bun:test";
import { backoffDelay, DEFAULT_TIMINGS } from "@server/features/streaming/backoff";
import { isAlive } from "@server/features/streaming/processes";
import { liveRuns, streams } from "@server/platform/db/schema";
import { STREAMING } from "@shared/messages/streaming";
import { eq } from "drizzle-orm";
import { freePort, startBlackHole, startReceiver, waitFor } from "../../fakes/rtmp-receiver";
import { steamReadyMp4 } from "../../support/media";
import { addVideo, FAST_TIMINGS, streamingWorld, withSupervisor } from "./streaming-fixtures";

// Failures with real ffmpeg: a killed child with auto-restart, a receiver that goes away, a stall.

const rowOf = async (w: Awaited<ReturnType<typeof streamingWorld>>, id: number) =>
  (await w.deps.db.select().from(streams).where(eq(streams.id, id)))[0]!;

async function destinationTo(
  w: Awaited<ReturnType<typeof streamingWorld>>,
  rtmpUrl: string,
  key: string,
  autorestart: boolean,
) {
  return w.asDev.streaming.createDestination({
    name: "Target",
    type: "custom",
    rtmp_url: rtmpUrl,
    stream_key: key,
    autorestart,
    project_id: w.project.id,
  });
}

describe("supervisor failures", () => {
  test("a killed ffmpeg with auto-restart is replaced within the backoff; a healthy run resets the backoff", async () => {
    const w = await streamingWorld();
    const lines: string[] = [];
    // A base delay long enough for the one-connection receiver to listen again before the restart.
    withSupervisor(w.deps, { healthyResetMs: 1200, backoffBaseMs: 1000 }, (l) => lines.push(l));
    const receiver = await startReceiver({ reconnect: true, key: "restart-KEY-secret" });
    const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(6));
    const dest = await destinationTo(w, receiver.rtmpUrl, receiver.key, true);
    const s = await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
    await receiver.waitForFrames(10);
    await waitFor(async () => (await rowOf(w, s.id)).status === "running", 5000, "running");
    const firstPid = (await rowOf(w, s.id)).pid!;

    process.kill(firstPid, "SIGKILL");
    const killedAt = Date.now();
    await waitFor(async () => (await rowOf(w, s.id)).errorCount === 1, 3000, "failure recorded");
    const failed = await rowOf(w, s.id);
    expect(failed.lastErrorMessage).toBe("ffmpeg was killed by SIGKILL");
    expect(failed.lastErrorTime).toBeGreaterThan(0);
    // Still this destination's live stream while it waits to restart.
    expect(failed.status).toBe("starting");

    await waitFor(async () => ((await rowOf(w, s.id)).pid ?? firstPid) !== firstPid, 3000, "a new ffmpeg");
    // Spawned after the first backoff step (1 s here), not long after.
    const firstStep = backoffDelay(0, { ...DEFAULT_TIMINGS, ...FAST_TIMINGS, backoffBaseMs: 1000 });
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(firstStep - 50);
    expect(Date.now() - killedAt).toBeLessThan(firstStep + 1500);
    await waitFor(async () => (await rowOf(w, s.id)).status === "running", 5000, "running again");
    await receiver.waitForFrames(10);
    expect(receiver.sessions()).toBe(1);

    // After a healthy stretch the next failure waits the base delay again, not 1.5× (growth: next test).
    await Bun.sleep(1300);
    process.kill((await rowOf(w, s.id)).pid!, "SIGKILL");
    await waitFor(async () => (await rowOf(w, s.id)).errorCount === 2, 3000, "second failure recorded");
    await waitFor(
      async () => (await rowOf(w, s.id)).status === "running",
      8000,
      "running after the second failure",
    );
    const delays = lines.flatMap((l) => /restarting in (\d+) ms/.exec(l)?.[1] ?? []).map(Number);
    expect(delays).toEqual([1000, 1000]);

    await w.asDev.streaming.stop({ streamId: s.id });
    expect((await rowOf(w, s.id)).status).toBe("stopped");
    expect((await rowOf(w, s.id)).errorCount).toBe(2);
    await receiver.stop();
  }, 30_000);

  test("a receiver that goes away turns the stream into an error with a masked message", async () => {
    const w = await streamingWorld();
    const receiver = await startReceiver({ key: "gone-KEY-secret" });
    const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(6));
    const dest = await destinationTo(w, receiver.rtmpUrl, receiver.key, false);
    const s = await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
    await receiver.waitForFrames(10);
    await waitFor(async () => (await rowOf(w, s.id)).status === "running", 5000, "running");
    const pid = (await rowOf(w, s.id)).pid!;

    await receiver.stop();
    await waitFor(async () => (await rowOf(w, s.id)).status === "error", 8000, "error");
    const row = await rowOf(w, s.id);
    expect(row.errorCount).toBe(1);
    expect(row.lastErrorMessage!.length).toBeGreaterThan(5);
    expect(row.lastErrorMessage).not.toContain(receiver.key);
    expect(row.lastErrorMessage).toMatch(/Broken pipe|Connection reset|Conversion failed/);
    expect(row.stoppedAt).not.toBeNull();
    expect(row.pid).toBeNull();
    expect(isAlive(pid)).toBe(false);
    const [d] = await w.asDev.streaming.destinations({ projectId: w.project.id });
    expect(d!.active_stream_id).toBeNull();
  }, 20_000);

  test("no new frame within the stall time is a failure: killed and recorded", async () => {
    const w = await streamingWorld({}, { stallMs: 1500 });
    const hole = startBlackHole();
    const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(6));
    const dest = await destinationTo(w, hole.rtmpUrl, "stall-KEY", false);
    const s = await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
    await waitFor(async () => (await rowOf(w, s.id)).pid !== null, 3000, "spawned");
    const pid = (await rowOf(w, s.id)).pid!;
    expect((await rowOf(w, s.id)).status).toBe("starting");
    await waitFor(async () => (await rowOf(w, s.id)).status === "error", 6000, "stall detected");
    expect((await rowOf(w, s.id)).lastErrorMessage).toBe(STREAMING.stalled);
    expect(isAlive(pid)).toBe(false);
    hole.stop();
  }, 20_000);

  test("a frozen ffmpeg's live time ends at its last frame, not when the stall watch kills it", async () => {
    const w = await streamingWorld({}, { stallMs: 3000 });
    const receiver = await startReceiver({ key: "frozen-KEY" });
    const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(6));
    const dest = await destinationTo(w, receiver.rtmpUrl, receiver.key, false);
    const s = await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
    await receiver.waitForFrames(10);
    await waitFor(async () => (await rowOf(w, s.id)).status === "running", 5000, "running");
    const pid = (await rowOf(w, s.id)).pid!;
    process.kill(pid, "SIGSTOP");
    const frozenAt = Date.now();
    await waitFor(async () => (await rowOf(w, s.id)).status === "error", 8000, "stall detected");
    expect((await rowOf(w, s.id)).lastErrorMessage).toBe(STREAMING.stalled);
    const run = (await w.deps.db.select().from(liveRuns).where(eq(liveRuns.streamId, s.id)))[0]!;
    // Nothing went out after the freeze: those seconds are not live (the kill came 3 s later).
    expect(run.endedAt).not.toBeNull();
    expect(run.endedAt!).toBeLessThanOrEqual(frozenAt);
    expect(isAlive(pid)).toBe(false);
    await receiver.stop();
  }, 30_000);
});

describe("auto-restart backoff", () => {
  test("grows by 1.5× per failure up to the cap while ffmpeg keeps failing, and ends when switched off", async () => {
    const w = await streamingWorld();
    const lines: string[] = [];
    withSupervisor(w.deps, { backoffBaseMs: 100, backoffCapMs: 260 }, (l) => lines.push(l));
    const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(6));
    // Nothing listens there: each ffmpeg fails at once with "Connection refused".
    const dest = await destinationTo(w, `rtmp://127.0.0.1:${freePort()}/live`, "refused-KEY", true);
    const s = await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
    await waitFor(async () => (await rowOf(w, s.id)).errorCount >= 5, 15_000, "five failures");
    // Switching auto-restart off ends the retries: the stream stays failed.
    await w.asDev.streaming.updateDestination({ id: dest.id, autorestart: false });
    await waitFor(async () => (await rowOf(w, s.id)).status === "error", 3000, "error once retries stop");
    const errorsAtEnd = (await rowOf(w, s.id)).errorCount;
    await Bun.sleep(600);
    expect((await rowOf(w, s.id)).errorCount).toBe(errorsAtEnd);
    const delays = lines.flatMap((l) => /restarting in (\d+) ms/.exec(l)?.[1] ?? []).map(Number);
    expect(delays.slice(0, 5)).toEqual([100, 150, 225, 260, 260]);
    expect((await rowOf(w, s.id)).lastErrorMessage).toMatch(/Connection refused|error/i);
    expect((await rowOf(w, s.id)).lastErrorMessage).not.toContain("refused-KEY");
    expect((await rowOf(w, s.id)).stoppedAt).not.toBeNull();
  }, 30_000);
});

describe("ffmpeg missing", () => {
  test("an FFMPEG_PATH that does not exist turns the stream into an error, not a crash", async () => {
    const w = await streamingWorld({ FFMPEG_PATH: "/nonexistent/ffmpeg" });
    const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(6));
    const dest = await destinationTo(w, "rtmp://127.0.0.1:1/live", "missing-KEY", false);
    const s = await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
    await waitFor(async () => (await rowOf(w, s.id)).status === "error", 3000, "error");
    expect((await rowOf(w, s.id)).lastErrorMessage).toStartWith("Could not start ffmpeg");
    expect((await rowOf(w, s.id)).lastErrorMessage).not.toContain("missing-KEY");
  });
});
