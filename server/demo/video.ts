import { rename } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import { mediaFiles } from "../db/schema";
import type { AppDeps } from "../deps";
import { extractPoster } from "../media/poster";
import { probeMedia } from "../media/probe";
import { runTool } from "../media/run";
import { generatedName, mediaPaths } from "../media/storage";
import { syntheticVideoCommand } from "../media/synthetic-video";
import { recordMediaFile } from "../services/media";

// A short trailer made with ffmpeg (streamable to Steam by stream copy), stored and recorded through
// the same function as an upload.

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
    syntheticVideoCommand(
      deps.env.FFMPEG_PATH,
      { seconds: SECONDS, size: "1280x720", toneHz: 330, preset: "ultrafast", videoArgs: ["-b:v", "2500k"] },
      temp,
    ),
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
  recordMediaFile(
    deps,
    {
      projectId,
      originalName: NAME,
      storedName,
      fileSize: Bun.file(paths.file(storedName)).size,
      posterName: hasPoster ? posterName : null,
      uploadedBy: userId,
    },
    meta,
  );
  return true;
}
