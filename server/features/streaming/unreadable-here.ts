import { STREAMING } from "@shared/messages/streaming";
import { unreadableMedia } from "./media-access";
import type { StreamOwnership } from "./ownership";
import type { LaunchRows } from "./stream-store";

/**
 * Before a run on nodes that share a database: a node that cannot read the stream's media says so,
 * and the stream goes to a node that can (`handed`, the reason to log as it is let go here); when no
 * node that is up can read it, it fails as a missing file does on a console of its own (`refused`).
 * Null when the media reads fine here, and always on a console alone on its database, where the
 * launch's own file check decides as it always has.
 */
export async function mediaHere(
  ownership: StreamOwnership | undefined,
  dataDir: string,
  rows: LaunchRows,
  log: (line: string) => void,
): Promise<{ handed: string } | { refused: string } | null> {
  if (!ownership) return null;
  const file = unreadableMedia(dataDir, rows);
  if (!file) return null;
  const streamId = rows.stream.id;
  log(`[stream ${streamId}] cannot read ${file.path} (${file.why})`);
  const verdict = await ownership.cannotRead(streamId, file.name);
  if (verdict === "handed") return { handed: "its media cannot be read here; another node takes it over" };
  log(`[stream ${streamId}] no node that is up can read ${file.path}`);
  return { refused: STREAMING.mediaFileMissing };
}
