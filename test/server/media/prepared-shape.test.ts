import { expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { PREPARED_FORMAT } from "@server/features/media/preparation/prepare-args";
import { mediaPaths } from "@server/features/media/storage";
import { mediaPreparations } from "@server/platform/db/schema";
import { eq } from "drizzle-orm";
import { h264Mp4 } from "../../support/media";
import { addVideo, streamingWorld } from "../streaming/streaming-fixtures";

// Prepared copies all have one shape, whatever their sources, so a playlist of them joins by stream
// copy into one session; a copy made to an earlier format is made again and the old one removed.

function shapeOf(file: string) {
  const out = Bun.spawnSync([
    "ffprobe",
    "-v",
    "error",
    "-show_entries",
    "stream=codec_name,profile,width,height,r_frame_rate,sample_rate,channels",
    "-of",
    "json",
    file,
  ]);
  return JSON.parse(out.stdout.toString()).streams;
}

test("copies of a 320×180 25 fps and a 640×480 30 fps video share codec, frame, rate and sound", async () => {
  const w = await streamingWorld();
  const small = await addVideo(w.deps, w.project.id, await h264Mp4(2, { rate: 25 }, "shape-small-25fps"), {
    steamReady: false,
  });
  const square = await addVideo(w.deps, w.project.id, await h264Mp4(2, { size: "640x480" }, "shape-4x3"), {
    steamReady: false,
  });
  const [a, b] = await Promise.all([
    w.deps.supervisor.preparations.ensure(small),
    w.deps.supervisor.preparations.ensure(square),
  ]);
  expect(a).toContain(`-${PREPARED_FORMAT}-`);
  const shapes = [shapeOf(a), shapeOf(b)];
  expect(shapes[0]).toEqual(shapes[1]);
  expect(shapes[0]).toContainEqual(
    expect.objectContaining({ codec_name: "h264", width: 1920, height: 1080, r_frame_rate: "30/1" }),
  );
}, 60_000);

test("a copy made to an earlier format is made again, and the old file goes", async () => {
  const w = await streamingWorld();
  const media = await addVideo(w.deps, w.project.id, await h264Mp4(2, { rate: 25 }, "shape-small-25fps"), {
    steamReady: false,
  });
  const dir = mediaPaths(w.deps.env.DATA_DIR).prepared;
  const first = await w.deps.supervisor.preparations.ensure(media);
  // As an earlier version named its copies.
  const oldName = `${media.id}-old-format.mp4`;
  await Bun.write(join(dir, oldName), Bun.file(first));
  await w.deps.db
    .update(mediaPreparations)
    .set({ outputName: oldName })
    .where(eq(mediaPreparations.mediaId, media.id));
  const again = await w.deps.supervisor.preparations.ensure(media);
  expect(again).not.toBe(join(dir, oldName));
  expect(again).toContain(`-${PREPARED_FORMAT}-`);
  expect(existsSync(join(dir, oldName))).toBe(false);
}, 60_000);
