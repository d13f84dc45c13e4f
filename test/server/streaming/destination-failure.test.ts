import { describe, expect, test } from "bun:test";
import { freePort } from "../../fakes/rtmp-receiver";
import { steamReadyMp4 } from "../../support/media";
import { addVideo, streamingWorld } from "./streaming-fixtures";

// A failed run leaves its trace on its destination, with real ffmpeg against an ingest that refuses.

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await Bun.sleep(25);
  }
}

describe("a destination's last failure", () => {
  test("stays on the destination after the run failed, and goes with the next start", async () => {
    const w = await streamingWorld();
    const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(6));
    const dest = await w.asDev.streaming.createDestination({
      name: "Refusing ingest",
      type: "custom",
      rtmp_url: `rtmp://127.0.0.1:${freePort()}/live`,
      stream_key: "refused-KEY",
      autorestart: false,
      project_id: w.project.id,
    });
    expect(dest.last_failure).toBeNull();
    const before = Date.now();
    const s = await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
    const card = async () => (await w.asViewer.streaming.destinations({ projectId: w.project.id }))[0]!;
    await waitFor(async () => (await card()).last_failure?.ended === true, 10_000, "a recorded failure");

    const seen = await card();
    expect(seen.stream_status).toBeNull();
    const failure = seen.last_failure!;
    expect(failure.stream_id).toBe(s.id);
    expect(failure.error_count).toBe(1);
    expect(failure.message).toMatch(/refused|error/i);
    expect(failure.message).not.toContain("refused-KEY");
    expect(Date.parse(failure.at)).toBeGreaterThanOrEqual(before - 1000);

    const again = await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
    // The old failure is gone at once; at most the new run's own can show.
    const after = (await card()).last_failure;
    expect(after === null || after.stream_id === again.id).toBe(true);
    await waitFor(async () => (await card()).last_failure?.stream_id === again.id, 10_000, "second failure");
  }, 30_000);

  test("a run waiting to be retried shows its failure while it is starting again", async () => {
    const w = await streamingWorld({}, { backoffBaseMs: 5000, backoffCapMs: 5000 });
    const media = await addVideo(w.deps, w.project.id, await steamReadyMp4(6));
    const dest = await w.asDev.streaming.createDestination({
      name: "Retrying",
      type: "custom",
      rtmp_url: `rtmp://127.0.0.1:${freePort()}/live`,
      stream_key: "",
      autorestart: true,
      project_id: w.project.id,
    });
    await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
    const card = async () => (await w.asDev.streaming.destinations({ projectId: w.project.id }))[0]!;
    await waitFor(async () => (await card()).last_failure !== null, 10_000, "a failure while retrying");
    const seen = await card();
    expect(seen.stream_status).toBe("starting");
    expect(seen.last_failure).toMatchObject({ ended: false, error_count: 1 });
    await w.asDev.streaming.stop({ streamId: seen.active_stream_id! });
    expect((await card()).last_failure).toBeNull();
  }, 30_000);
});
