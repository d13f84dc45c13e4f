import { expect, test } from "bun:test";
import { readBitrate } from "@server/features/media/bitrate";
import { probeMedia } from "@server/features/media/probe";
import { STEAM_MAX_VIDEO_KBPS } from "@server/features/media/steam-rules";
import { noisy1080pMp4 } from "../../support/media";
import { addVideo, streamingWorld } from "../streaming/streaming-fixtures";

// Steam judges a stream second by second. A prepared copy of the hardest picture there is (moving,
// noisy 1080p) holds its rate: no second on the wire over Steam's cap, none far above the mean.

const wire = (file: string) =>
  readBitrate("ffprobe", file, { streams: "all", windowSeconds: 3600, timeoutMs: 30_000 });

test("a noisy 1080p source is prepared into a copy whose every second stays under Steam's cap", async () => {
  const w = await streamingWorld();
  const source = await noisy1080pMp4();
  const media = await addVideo(w.deps, w.project.id, source, { steamReady: false });
  const prepared = await w.deps.supervisor.preparations.ensure(media);

  const sent = (await wire(prepared))!;
  expect(sent.seconds).toBeGreaterThanOrEqual(8);
  expect(sent.peakKbps).toBeLessThanOrEqual(STEAM_MAX_VIDEO_KBPS);
  expect(sent.peakKbps).toBeLessThanOrEqual(sent.meanKbps * 1.15);
  // The copy is judged ready by the same probe an upload goes through, peak included.
  const meta = (await probeMedia("ffprobe", prepared))!;
  expect({ ready: meta.steamReady, reasons: meta.steamReasons }).toEqual({ ready: true, reasons: [] });
}, 120_000);
