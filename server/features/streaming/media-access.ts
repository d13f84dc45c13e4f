import { accessSync, constants, lstatSync } from "node:fs";
import { mediaPaths } from "@server/features/media";
import type { LaunchRows } from "./stream-store";

/** A media file of a launch this node cannot read: the studio's name for it, its path, and why (for the log). */
export interface UnreadableFile {
  name: string;
  path: string;
  why: string;
}

/**
 * The first media file of the launch (the file, or each item of the playlist) that this node cannot
 * read as a regular file, or null. A stat and an access check per file: cheap enough for every start,
 * and what tells a mount missing on this machine from a file that plays.
 */
export function unreadableMedia(dataDir: string, rows: LaunchRows): UnreadableFile | null {
  const files = rows.media ? [rows.media] : rows.playlist.items;
  for (const media of files) {
    let path = media.storedName;
    try {
      path = mediaPaths(dataDir).file(media.storedName);
      if (!lstatSync(path).isFile()) return { name: media.originalName, path, why: "not a regular file" };
      accessSync(path, constants.R_OK);
    } catch (error) {
      const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      return { name: media.originalName, path, why };
    }
  }
  return null;
}
