import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { mediaPaths } from "@server/features/media/storage";
import { mediaPreparations, streams } from "@server/platform/db/schema";
import { STREAMING } from "@shared/messages/streaming";
import { eq } from "drizzle-orm";
import { startReceiver } from "../../fakes/rtmp-receiver";
import { aviVideo } from "../../support/media";
import { waitUntil } from "../../support/wait";
import { addVideo, streamingWorld } from "../streaming/streaming-fixtures";

// Media that cannot be stream-copied is re-encoded once by a background job; streams use the result.

describe("media preparation", () => {
  test("an MPEG-4/MP3 file is prepared once, with visible progress, then streamed by copy", async () => {
    const w = await streamingWorld();
    const receiver = await startReceiver({ reconnect: true });
    const media = await addVideo(w.deps, w.project.id, await aviVideo(5), {
      mimeType: "video/x-msvideo",
      videoCodec: "mpeg4",
      audioCodec: "mp3",
      durationSeconds: 5,
      steamReady: false,
    });
    const dest = await w.asDev.streaming.createDestination({
      name: "Local",
      type: "custom",
      rtmp_url: receiver.rtmpUrl,
      stream_key: receiver.key,
      autorestart: false,
      project_id: w.project.id,
    });
    const s = await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
    // The start answers at once; the preparation is claimed a moment later (a row write, on PostgreSQL
    // a round trip), as the page's next poll sees it.
    const first = await waitUntil(
      async () => {
        const status = await w.asDev.streaming.status({ projectId: w.project.id });
        return status.preparations.length > 0 ? status : null;
      },
      5000,
      "the preparation to show",
    );
    expect(first.preparations).toHaveLength(1);
    expect(first.preparations[0]).toMatchObject({ media_id: media.id, status: "running" });
    expect(first.streams[0]!.status).toBe("starting");

    await receiver.waitForFrames(20, 15_000);
    const row = async () => (await w.deps.db.select().from(streams).where(eq(streams.id, s.id)))[0]!;
    await waitUntil(async () => (await row()).status === "running", 5000, "running");
    const prep = (
      await w.deps.db.select().from(mediaPreparations).where(eq(mediaPreparations.mediaId, media.id))
    )[0]!;
    expect(prep).toMatchObject({ status: "done", percent: 100, error: null });
    expect((await w.asDev.streaming.status({ projectId: w.project.id })).preparations[0]!.status).toBe(
      "done",
    );

    // The prepared file is what ffmpeg reads, by stream copy.
    const cmdline = (await Bun.file(`/proc/${(await row()).pid}/cmdline`).text()).split("\0");
    expect(cmdline[cmdline.indexOf("-i") + 1]).toContain(prep.outputName!);
    expect(cmdline).toContain("copy");
    const probe = Bun.spawnSync([
      "ffprobe",
      "-v",
      "error",
      "-show_entries",
      "stream=codec_name,profile",
      "-of",
      "csv=p=0",
      cmdline[cmdline.indexOf("-i") + 1]!,
    ]);
    expect(probe.stdout.toString().trim().split("\n").sort()).toEqual(["aac,LC", "h264,High"]);
    // A keyframe every 2 s, as Steam wants.
    const keys = Bun.spawnSync([
      "ffprobe",
      "-v",
      "error",
      "-select_streams",
      "v:0",
      "-skip_frame",
      "nokey",
      "-show_entries",
      "frame=pts_time",
      "-of",
      "csv=p=0",
      cmdline[cmdline.indexOf("-i") + 1]!,
    ]);
    expect(
      keys.stdout
        .toString()
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((t) => Math.round(Number(t))),
    ).toEqual([0, 2, 4]);

    // A second stream reuses the prepared file: no new job.
    await w.asDev.streaming.stop({ streamId: s.id });
    const again = await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
    const prepAfter = (
      await w.deps.db.select().from(mediaPreparations).where(eq(mediaPreparations.mediaId, media.id))
    )[0]!;
    expect(prepAfter.outputName).toBe(prep.outputName);
    expect(prepAfter.startedAt).toBe(prep.startedAt);
    await w.asDev.streaming.stop({ streamId: again.id });
    await receiver.stop();
  }, 30_000);

  test("with too little free disk space no encode starts: the row says why, the stream fails, no .part is left", async () => {
    const w = await streamingWorld({ MIN_FREE_DISK_BYTES: String(2 ** 50) });
    const media = await addVideo(w.deps, w.project.id, await aviVideo(5), {
      mimeType: "video/x-msvideo",
      videoCodec: "mpeg4",
      audioCodec: "mp3",
      durationSeconds: 5,
      steamReady: false,
    });
    const dest = await w.asDev.streaming.createDestination({
      name: "Nowhere",
      type: "custom",
      rtmp_url: "rtmp://127.0.0.1:9/live",
      stream_key: "k",
      autorestart: false,
      project_id: w.project.id,
    });
    const s = await w.asDev.streaming.start({ destinationId: dest.id, mediaId: media.id });
    const row = async () => (await w.deps.db.select().from(streams).where(eq(streams.id, s.id)))[0]!;
    await waitUntil(async () => (await row()).status === "error", 10_000, "the stream to fail");
    expect((await row()).lastErrorMessage).toBe(STREAMING.preparationFailed);
    const prep = (
      await w.deps.db.select().from(mediaPreparations).where(eq(mediaPreparations.mediaId, media.id))
    )[0]!;
    expect(prep).toMatchObject({ status: "error", error: STREAMING.preparationNoSpace, pid: null });
    expect(readdirSync(mediaPaths(w.deps.env.DATA_DIR).prepared)).toEqual([]);
  });
});
