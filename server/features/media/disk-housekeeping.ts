import type { Database } from "bun:sqlite";
import { keepDatabaseRoom } from "@server/platform/db/room";
import { irregularMedia, sweepPartFiles } from "./storage";
import { sweepExpiredUploads } from "./uploads/upload-records";

/** A `.part` untouched this long belongs to no live write: uploads time out idle after minutes. */
const IDLE_MS = 60 * 60 * 1000;
const EVERY_MS = 60 * 60 * 1000;

/**
 * What keeps a full disk from breaking the console, at start and then hourly: leftover partial files
 * (a crash, a kill or a full disk mid-write left them) are removed, and the database's spare room is
 * topped up; at start, media that are not regular files are named in the log. At start nothing is being written yet, so every `.part` goes; later, those no one has
 * written to for an hour. With `sharedMedia` (nodes sharing the database and the media folder),
 * another node may be writing a re-encode into media/prepared at this node's start: those `.part`
 * files go only once idle for an hour, at start too. Resumable uploads untouched for `uploadExpiryMs`
 * (UPLOAD_EXPIRY_HOURS) go with their bytes, at start and hourly.
 */
export async function startDiskHousekeeping(
  dataDir: string,
  sqlite: Database | undefined,
  log: (line: string) => void,
  sharedMedia = false,
  uploadExpiryMs = 24 * 60 * 60 * 1000,
) {
  const run = async (idleMs: number) => {
    try {
      const removed = await sweepPartFiles(dataDir, idleMs, Date.now(), sharedMedia ? IDLE_MS : idleMs);
      if (removed) log(`Removed ${removed} leftover partial file(s)`);
    } catch (err) {
      log(`Could not sweep partial files: ${(err as Error).message}`);
    }
    try {
      const expired = await sweepExpiredUploads(dataDir, uploadExpiryMs);
      if (expired) log(`Removed ${expired} expired resumable upload(s)`);
    } catch (err) {
      log(`Could not sweep expired uploads: ${(err as Error).message}`);
    }
    // The spare room is a SQLite file's; a PostgreSQL server keeps its own disk.
    if (!sqlite) return;
    try {
      keepDatabaseRoom(sqlite);
    } catch (err) {
      log(`Could not reserve database room (disk full?): ${(err as Error).message}`);
    }
  };
  // Left in place (removing is the operator's call), but never served, streamed or backed up.
  for (const e of await irregularMedia(dataDir).catch(() => []))
    log(`Ignoring ${e.path}: ${e.kind === "link" ? "a symbolic link" : `not a regular file (${e.kind})`}`);
  await run(0);
  const timer = setInterval(() => void run(IDLE_MS), EVERY_MS);
  // Never what keeps the process alive.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
