import { rename } from "node:fs/promises";
import type { AppDeps } from "@server/deps";
import { recordMediaFile } from "@server/features/media/media";
import { extractPoster } from "@server/features/media/poster";
import { probeMedia } from "@server/features/media/probe";
import { runTool } from "@server/features/media/run";
import { generatedName, mediaPaths } from "@server/features/media/storage";
import { syntheticVideoCommand } from "@server/features/media/synthetic-video";
import { mediaFiles } from "@server/platform/db/schema";
import { and, eq } from "drizzle-orm";

// Short clips made with ffmpeg (streamable to Steam by stream copy, all of one shape so a playlist of
// them goes out by stream copy too), stored and recorded through the same function as an upload.

export interface DemoClip {
  name: string;
  seconds: number;
  toneHz: number;
}

export const DEMO_TRAILER: DemoClip = {
  name: "Starfall Outpost - Launch Trailer.mp4",
  seconds: 12,
  toneHz: 330,
};
export const DEMO_TEASER: DemoClip = {
  name: "Starfall Outpost - Gameplay Teaser.mp4",
  seconds: 8,
  toneHz: 440,
};

export async function ensureDemoVideo(
  deps: AppDeps,
  projectId: number,
  userId: number,
  clip: DemoClip = DEMO_TRAILER,
): Promise<boolean> {
  const existing = deps.db
    .select({ id: mediaFiles.id })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.projectId, projectId), eq(mediaFiles.originalName, clip.name)))
    .get();
  if (existing) return false;
  const paths = mediaPaths(deps.env.DATA_DIR);
  const temp = paths.newTemp();
  const made = await runTool(
    syntheticVideoCommand(
      deps.env.FFMPEG_PATH,
      {
        seconds: clip.seconds,
        size: "1280x720",
        toneHz: clip.toneHz,
        preset: "ultrafast",
        videoArgs: ["-b:v", "2500k"],
      },
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
  await recordMediaFile(
    deps,
    {
      projectId,
      originalName: clip.name,
      storedName,
      fileSize: Bun.file(paths.file(storedName)).size,
      posterName: hasPoster ? posterName : null,
      uploadedBy: userId,
    },
    meta,
  );
  return true;
}
