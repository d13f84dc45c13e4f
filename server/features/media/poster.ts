import { runTool } from "./run";

const POSTER_TIMEOUT_MS = 30_000;
const POSTER_WIDTH = 480;

/**
 * One still frame (JPEG, at most 480 px wide) so a person recognises the file on its card: a frame a
 * little into a video (first frames are often black), or an image itself scaled down. Returns false
 * when ffmpeg cannot make one: the card then shows the kind's icon, the upload still succeeds.
 */
export async function extractPoster(
  ffmpeg: string,
  source: string,
  target: string,
  durationSeconds: number | null,
): Promise<boolean> {
  const at = durationSeconds ? Math.min(1, durationSeconds / 2) : 0;
  const out = await runTool(
    [
      ffmpeg,
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-ss",
      at.toFixed(3),
      "-i",
      source,
      "-frames:v",
      "1",
      "-vf",
      `scale='min(${POSTER_WIDTH},iw)':-2`,
      "-q:v",
      "4",
      "-f",
      "image2",
      target,
    ],
    POSTER_TIMEOUT_MS,
    "poster",
  );
  return out.code === 0 && (await Bun.file(target).exists());
}
