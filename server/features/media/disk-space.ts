import { statfs } from "node:fs/promises";
import { AppError } from "@server/platform/errors";
import { MEDIA } from "@shared/messages/media";

// The free-space guard shared by uploads and media preparation. The floor (MIN_FREE_DISK_BYTES) keeps
// room for the database, so sign-in and streams go on working when media fills the disk.

/** Bytes an unprivileged writer may still use on the filesystem holding `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const s = await statfs(dir);
  return s.bavail * s.bsize;
}

export const diskFull = () => new AppError("INSUFFICIENT_STORAGE", MEDIA.diskFull);

/**
 * Refuses (507) when writing `bytes` more into `dir` would leave less than `minFree` free. A floor of 0
 * turns the guard off: only a real ENOSPC then stops a write (and is answered the same way).
 */
export async function requireRoom(dir: string, bytes: number, minFree: number): Promise<void> {
  if (minFree <= 0) return;
  const free = await freeBytes(dir);
  if (free - bytes < minFree) throw diskFull();
}

/** A write that failed because the disk (or the quota) is full, from the file system or from SQLite. */
export function isDiskFullError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "ENOSPC" || code === "EDQUOT" || code === "SQLITE_FULL";
}
