import { lstatSync, type Stats } from "node:fs";
import { lstat } from "node:fs/promises";

// Media the console reads, serves or hands to ffmpeg must be regular files in its own folders. A
// symbolic link planted there (by a crafted backup, say) would otherwise serve /etc/hostname as a
// video, and a named pipe or a device would hang a reader or read a disk.

export type EntryKind = "link" | "folder" | "pipe" | "socket" | "device" | "other";

/** What an entry is when it is not a regular file; null for a regular file. Never follows a link. */
export function notRegular(info: Stats): EntryKind | null {
  if (info.isFile()) return null;
  if (info.isSymbolicLink()) return "link";
  if (info.isDirectory()) return "folder";
  if (info.isFIFO()) return "pipe";
  if (info.isSocket()) return "socket";
  if (info.isBlockDevice() || info.isCharacterDevice()) return "device";
  return "other";
}

/** The entry's own details when it is a regular file (not a link to one), else null. */
export async function regularFile(path: string): Promise<Stats | null> {
  const info = await lstat(path).catch(() => null);
  return info?.isFile() ? info : null;
}

export function isRegularFileSync(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}
