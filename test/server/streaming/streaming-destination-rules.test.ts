import { describe, expect, test } from "bun:test";
import { probeMedia } from "@server/features/media/probe";
import { mediaPreparations, streams } from "@server/platform/db/schema";
import { eq } from "drizzle-orm";
import { startReceiver, waitFor } from "../../fakes/rtmp-receiver";
import { h264Mp4 } from "../../support/media";
import { addVideo, streamingWorld } from "./streaming-fixtures";

// One file, two kinds of destination: H.264/AAC at 25 fps breaks Steam's rules but suits a custom
// RTMP server. The custom server gets the original by stream copy; Steam gets the prepared copy.

describe("the file a stream plays depends on the destination's type", () => {
  test("custom: the original, no preparation; Steam: a prepared copy that passes Steam's rules", async () => {
    const w = await streamingWorld();
    const file = await h264Mp4(6, { rate: 25 });
    const meta = (await probeMedia("ffprobe", file))!;
    expect(meta.steamReasons).toEqual(["25 frames per second; Steam needs 30 or 60"]);
    const media = await addVideo(w.deps, w.project.id, file, {
      frameRate: 25,
      width: 320,
      height: 180,
      steamReady: meta.steamReady,
      steamReasons: meta.steamReasons,
    });
    const custom = await startReceiver({ reconnect: true });
    const steam = await startReceiver({ reconnect: true });
    const destination = async (type: "steam" | "custom", r: typeof custom) =>
      w.asDev.streaming.createDestination({
        name: type,
        type,
        rtmp_url: r.rtmpUrl,
        stream_key: r.key,
        autorestart: false,
        project_id: w.project.id,
      });
    const row = async (id: number) => (await w.deps.db.select().from(streams).where(eq(streams.id, id)))[0]!;
    const input = async (id: number) => {
      const argv = (await Bun.file(`/proc/${(await row(id)).pid}/cmdline`).text()).split("\0");
      return argv[argv.indexOf("-i") + 1]!;
    };
    const prep = async () =>
      (await w.deps.db.select().from(mediaPreparations).where(eq(mediaPreparations.mediaId, media.id)))[0];

    const toCustom = await w.asDev.streaming.start({
      destinationId: (await destination("custom", custom)).id,
      mediaId: media.id,
    });
    await custom.waitForFrames(10, 15_000);
    await waitFor(
      async () => (await row(toCustom.id)).status === "running",
      5000,
      "the custom stream running",
    );
    expect(await input(toCustom.id)).toEndWith(media.storedName);
    expect(await prep()).toBeUndefined();

    const toSteam = await w.asDev.streaming.start({
      destinationId: (await destination("steam", steam)).id,
      mediaId: media.id,
    });
    await steam.waitForFrames(10, 30_000);
    await waitFor(async () => (await row(toSteam.id)).status === "running", 5000, "the Steam stream running");
    expect(await prep()).toMatchObject({ status: "done" });
    const prepared = await input(toSteam.id);
    expect(prepared).toContain((await prep())!.outputName!);
    const after = (await probeMedia("ffprobe", prepared))!;
    expect({ ready: after.steamReady, reasons: after.steamReasons }).toEqual({ ready: true, reasons: [] });

    await w.asDev.streaming.stop({ streamId: toCustom.id });
    await w.asDev.streaming.stop({ streamId: toSteam.id });
    await custom.stop();
    await steam.stop();
  }, 60_000);
});
