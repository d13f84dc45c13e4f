import { rename } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import { mediaFiles } from "../db/schema";
import type { AppDeps } from "../deps";
import { extractPoster } from "../media/poster";
import { probeMedia } from "../media/probe";
import { runTool } from "../media/run";
import { generatedName, mediaPaths } from "../media/storage";

// A short trailer made with ffmpeg (test pattern + tone, H.264/AAC, 2 s keyframes: streamable to
// Steam by stream copy), stored and described exactly as an upload would be.

const NAME = "Starfall Outpost - Launch Trailer.mp4";
const SECONDS = 12;

export async function ensureDemoVideo(deps: AppDeps, projectId: number, userId: number): Promise<boolean> {
  const existing = deps.db
    .select({ id: mediaFiles.id })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.projectId, projectId), eq(mediaFiles.originalName, NAME)))
    .get();
  if (existing) return false;
  const paths = mediaPaths(deps.env.DATA_DIR);
  const temp = paths.newTemp();
  const made = await runTool(
    [
      deps.env.FFMPEG_PATH,
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      `testsrc2=size=1280x720:rate=30:duration=${SECONDS}`,
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=330:sample_rate=48000:duration=${SECONDS}`,
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-pix_fmt",
      "yuv420p",
      "-b:v",
      "2500k",
      "-g",
      "60",
      "-keyint_min",
      "60",
      "-sc_threshold",
      "0",
      "-c:a",
      "aac",
      "-b:a",
      "128k",
      "-shortest",
      "-movflags",
      "+faststart",
      "-f",
      "mp4",
      temp,
    ],
    120_000,
  );
  if (made.code !== 0) throw new Error(`ffmpeg could not make the demo video: ${made.stderr.slice(-500)}`);
  const meta = await probeMedia(deps.env.FFPROBE_PATH, temp);
  if (!meta) throw new Error("ffprobe could not read the demo video");
  const storedName = generatedName("mp4");
  await rename(temp, paths.file(storedName));
  const posterName = storedName.replace(/\.mp4$/, ".jpg");
  const hasPoster = await extractPoster(
    deps.env.FFMPEG_PATH,
    paths.file(storedName),
    paths.poster(posterName),
    meta.durationSeconds,
  );
  deps.db
    .insert(mediaFiles)
    .values({
      projectId,
      originalName: NAME,
      storedName,
      mimeType: meta.mimeType,
      fileSize: Bun.file(paths.file(storedName)).size,
      kind: meta.kind,
      durationSeconds: meta.durationSeconds,
      width: meta.width,
      height: meta.height,
      videoCodec: meta.videoCodec,
      audioCodec: meta.audioCodec,
      bitrate: meta.bitrate,
      frameRate: meta.frameRate,
      keyframeInterval: meta.keyframeInterval,
      steamReady: meta.steamReady,
      posterName: hasPoster ? posterName : null,
      uploadedBy: userId,
    })
    .run();
  return true;
}
