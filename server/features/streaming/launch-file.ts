import type { MediaPreparer } from "@server/features/media";
import { launchInput } from "@server/features/streaming/playlists/playlist-input";
import { isRegularFileSync } from "@server/platform/files/regular";
import { checkUrl, ingestPolicy, type Resolver } from "@server/platform/net/outbound-target";
import { STREAMING } from "@shared/messages/streaming";
import { itemAt, type RunStart } from "./resume-point";
import type { ResumeRun } from "./stream-run";
import type { LaunchRows } from "./stream-store";

/**
 * What every start and restart checks before ffmpeg runs: the ingest's name again (it may point
 * somewhere else since the destination was saved), then the file to send, prepared if it must be.
 * Answers the file, or why the stream cannot start.
 */
export async function launchFile(
  rows: LaunchRows,
  preparations: MediaPreparer,
  options: { env: { DATA_DIR: string }; resolve?: Resolver },
  start: RunStart | null = null,
): Promise<{ file: string; resume: ResumeRun | null } | { refused: string }> {
  const ingest = await checkUrl(rows.destination.rtmpUrl, ingestPolicy, options.resolve);
  if (!ingest.ok && ingest.reason === "refused") return { refused: STREAMING.rtmpUrlRefused };
  let file: string;
  const place = start && rows.playlist ? itemAt(start.lengths, start.seconds) : null;
  try {
    file = await launchInput(preparations, options.env.DATA_DIR, rows, place);
  } catch {
    return { refused: STREAMING.preparationFailed };
  }
  if (!isRegularFileSync(file)) return { refused: STREAMING.mediaFileMissing };
  if (!start) return { file, resume: null };
  // A file is started at the place with -ss; a playlist's resume list starts there itself.
  const total = start.lengths.reduce((a, b) => a + b, 0);
  const seekSeconds = place ? 0 : start.seconds;
  return { file, resume: { startSeconds: start.seconds, seekSeconds, restSeconds: total - start.seconds } };
}
