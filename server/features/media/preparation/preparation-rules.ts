import { join } from "node:path";
import { copyableForCustom } from "@server/features/media/steam-rules";
import { mediaPaths } from "@server/features/media/storage";
import type { mediaFiles } from "@server/platform/db/schema";
import { isRegularFileSync } from "@server/platform/files/regular";
import type { DestinationType } from "@shared/schemas/streaming";
import { PREPARED_AUDIO_KBPS, PREPARED_FORMAT, PREPARED_VIDEO_KBPS } from "./prepare-args";

// When a media file needs a prepared copy, and whether the one on disk still serves.

export type MediaRow = typeof mediaFiles.$inferSelect;

/** What the encode will write, from its fixed bitrates, with a margin for the container. */
export const expectedSize = (m: MediaRow) =>
  Math.ceil((m.durationSeconds ?? 0) * (PREPARED_VIDEO_KBPS + PREPARED_AUDIO_KBPS) * 125 * 1.1);

/** A copy made to an earlier prepared format, or gone from disk, is made again at the next start. */
export const preparedCopyUsable = (dataDir: string, outputName: string): boolean =>
  outputName.includes(`-${PREPARED_FORMAT}-`) &&
  isRegularFileSync(join(mediaPaths(dataDir).prepared, outputName));

/**
 * Steam takes by stream copy only a file that passes all its rules (the probe's steam_ready); a custom
 * RTMP server takes any H.264 video with AAC sound. Anything else goes out as its prepared copy.
 */
export const needsPreparation = (m: MediaRow, destination: DestinationType = "steam") =>
  destination === "steam" ? !m.steamReady : !copyableForCustom(m);
