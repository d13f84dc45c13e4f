import type { MediaPreparer } from "@server/features/media";
import { launchInput } from "@server/features/streaming/playlists/playlist-input";
import { isRegularFileSync } from "@server/platform/files/regular";
import { checkUrl, ingestPolicy, type Resolver } from "@server/platform/net/outbound-target";
import { STREAMING } from "@shared/messages/streaming";
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
): Promise<{ file: string } | { refused: string }> {
  const ingest = await checkUrl(rows.destination.rtmpUrl, ingestPolicy, options.resolve);
  if (!ingest.ok && ingest.reason === "refused") return { refused: STREAMING.rtmpUrlRefused };
  let file: string;
  try {
    file = await launchInput(preparations, options.env.DATA_DIR, rows);
  } catch {
    return { refused: STREAMING.preparationFailed };
  }
  return isRegularFileSync(file) ? { file } : { refused: STREAMING.mediaFileMissing };
}
