import { readdir } from "node:fs/promises";
import { join } from "node:path";

// How a backup lies on disk (one folder per backup, named for its UTC time):
//   BACKUP_DIR/2026-11-23T23-56-26.123Z/
//     manifest.json   what is inside: every file with its size and SHA-256
//     console.db      the database, a compact consistent copy (VACUUM INTO)
//     console.pgdump  instead, on PostgreSQL: pg_dump's custom format (restored with pg_restore)
//     media/…         uploads, media/posters/… and media/prepared/… as under DATA_DIR
// A backup is written as `.<name>.part` and renamed when complete, so a folder with a plain name is
// always a finished backup.

export const MANIFEST = "manifest.json";
export const DATABASE = "console.db";
export const PG_DUMP = "console.pgdump";
export const FORMAT = 1;

export interface FileEntry {
  /** Relative to the backup folder, "/"-separated. */
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: number;
  createdAt: string;
  database: FileEntry;
  media: FileEntry[];
}

export const backupName = (at: number) => new Date(at).toISOString().replace(/:/g, "-");

const NAME = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2}(?:\.\d{3})?)Z$/;

/** The time a backup folder's name stands for, or null when it is not a backup's name. */
export function backupTime(name: string): number | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const t = Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`);
  return Number.isNaN(t) ? null : t;
}

/** Finished backups in `dir`, oldest first. */
export async function listBackups(dir: string): Promise<{ name: string; path: string; at: number }[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .map((name) => ({ name, path: join(dir, name), at: backupTime(name) }))
    .filter((b): b is { name: string; path: string; at: number } => b.at !== null)
    .sort((a, b) => a.at - b.at);
}

/** Refusals the commands print as they are, without a stack. */
export class BackupRefusal extends Error {}
