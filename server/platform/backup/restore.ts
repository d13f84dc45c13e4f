import { Database } from "bun:sqlite";
import type { Stats } from "node:fs";
import { lstat, mkdir, readdir, rename, rm, rmdir, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { PRIVATE_FOLDER } from "@server/platform/files/private";
import { notRegular } from "@server/platform/files/regular";
import { BACKUP } from "@shared/messages/backup";
import { z } from "zod";
import { copyRegularFile, NotRegularFile } from "./files";
import {
  BackupRefusal,
  DATABASE,
  type FileEntry,
  listBackups,
  MANIFEST,
  type Manifest,
  PG_DUMP,
} from "./layout";
import { refuseUnlessEmptyDatabase, restorePgDump } from "./restore-pg";

const entry = z.object({ path: z.string(), size: z.number().int().min(0), sha256: z.string() });
const manifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  database: entry,
  media: z.array(entry),
});

/** The backup folder meant by what the operator named: the folder itself or its manifest.json. */
async function backupFolder(source: string): Promise<string> {
  const path = resolve(source);
  const info = await stat(path).catch(() => null);
  if (info?.isFile() && basename(path) === MANIFEST) return dirname(path);
  if (info?.isDirectory() && !(await stat(join(path, MANIFEST)).catch(() => null))) {
    const inside = await listBackups(path);
    const newest = inside.at(-1);
    if (newest) throw new BackupRefusal(BACKUP.severalBackups(path, newest.path));
  }
  return path;
}

async function readManifest(folder: string): Promise<Manifest> {
  await requireRegular(folder, MANIFEST);
  try {
    return manifestSchema.parse(JSON.parse(await Bun.file(join(folder, MANIFEST)).text()));
  } catch {
    throw new BackupRefusal(BACKUP.notABackup(folder));
  }
}

const safeMediaPath = (p: string) =>
  /^media\/[^/]/.test(p) && !p.split("/").some((s) => s === ".." || s === "." || s === "");

async function refuseUnlessEmpty(dataDir: string): Promise<void> {
  const info = await stat(dataDir).catch(() => null);
  if (!info) return;
  if (!info.isDirectory()) throw new BackupRefusal(BACKUP.dataDirNotFolder(dataDir));
  if ((await readdir(dataDir)).length > 0) throw new BackupRefusal(BACKUP.dataDirNotEmpty(dataDir));
}

/**
 * Refuses unless every step of `path` inside the backup is what it should be: real folders down to a
 * regular file. Never follows a link: a backup carrying `media/x.mp4 -> /etc/hostname`, or a `media`
 * that links elsewhere, would otherwise bring any file this user can read into the console.
 */
async function requireRegular(folder: string, path: string): Promise<void> {
  const steps = path.split("/");
  for (let i = 1; i <= steps.length; i++) {
    const part = steps.slice(0, i).join("/");
    const info = await lstat(join(folder, part)).catch(() => null);
    if (!info) throw new BackupRefusal(BACKUP.missingFile(path));
    const last = i === steps.length;
    if (!last && !info.isDirectory()) throw new BackupRefusal(BACKUP.notAFolder(part, kindOf(info)));
    const kind = last ? notRegular(info) : null;
    if (kind) throw new BackupRefusal(BACKUP.notAFile(part, BACKUP.kinds[kind]));
  }
}

const kindOf = (info: Stats) => {
  const kind = notRegular(info);
  return kind ? BACKUP.kinds[kind] : BACKUP.kinds.file;
};

/** Copies one entry (never linked: the restored console must share no inode with the backup), checked. */
async function placeVerified(folder: string, staging: string, e: FileEntry): Promise<void> {
  await requireRegular(folder, e.path);
  const to = join(staging, e.path);
  await mkdir(dirname(to), { recursive: true, mode: PRIVATE_FOLDER });
  let got: { size: number; sha256: string };
  try {
    got = await copyRegularFile(join(folder, e.path), to);
  } catch (err) {
    // Swapped for something else since it was checked.
    if (err instanceof NotRegularFile)
      throw new BackupRefusal(BACKUP.notAFile(e.path, BACKUP.kinds[err.kind]));
    throw err;
  }
  if (got.size !== e.size || got.sha256 !== e.sha256) throw new BackupRefusal(BACKUP.damaged(e.path));
}

/**
 * Process ids in the copy belong to the machine and moment of the backup: cleared, so the first start
 * kills nothing of this machine. Its streams that were live then are then what a crashed run left:
 * the start records them stopped and starts again those whose destination auto-restarts.
 */
function forgetProcesses(dbFile: string): void {
  const sqlite = new Database(dbFile, { readwrite: true, create: false });
  try {
    sqlite.exec("UPDATE streams SET pid = NULL WHERE pid IS NOT NULL");
    sqlite.exec("UPDATE media_preparations SET pid = NULL WHERE pid IS NOT NULL");
  } finally {
    sqlite.close();
  }
}

/**
 * Restores a backup into an empty or missing DATA_DIR. Everything is written and checked in a folder
 * beside it, then renamed into place: a refusal or a failure leaves no trace. A PostgreSQL backup's
 * dump goes into `databaseUrl`, which must name a new, empty database (pg_restore in one transaction).
 */
export async function restoreBackup(opts: { source: string; dataDir: string; databaseUrl?: string }) {
  const folder = await backupFolder(opts.source);
  const manifest = await readManifest(folder);
  for (const e of manifest.media) if (!safeMediaPath(e.path)) throw new BackupRefusal(BACKUP.badPath(e.path));
  const postgres = manifest.database.path === PG_DUMP;
  if (!postgres && manifest.database.path !== DATABASE)
    throw new BackupRefusal(BACKUP.badPath(manifest.database.path));
  if (postgres && !opts.databaseUrl) throw new BackupRefusal(BACKUP.noDatabaseUrl(PG_DUMP));
  const dataDir = resolve(opts.dataDir);
  await refuseUnlessEmpty(dataDir);
  if (postgres && opts.databaseUrl) await refuseUnlessEmptyDatabase(opts.databaseUrl);
  await mkdir(dirname(dataDir), { recursive: true });
  const staging = join(dirname(dataDir), `.${basename(dataDir)}.restore-${crypto.randomUUID()}`);
  try {
    await mkdir(staging, { mode: PRIVATE_FOLDER });
    await placeVerified(folder, staging, manifest.database);
    for (const e of manifest.media) await placeVerified(folder, staging, e);
    if (postgres && opts.databaseUrl) {
      // The checked copy is loaded, then left out of DATA_DIR: the database lives on the server now.
      await restorePgDump(opts.databaseUrl, join(staging, PG_DUMP));
      await rm(join(staging, PG_DUMP));
    } else forgetProcesses(join(staging, DATABASE));
    await refuseUnlessEmpty(dataDir);
    // rmdir only removes an empty folder: anything written there meanwhile makes the restore fail.
    if (await stat(dataDir).catch(() => null)) await rmdir(dataDir);
    await rename(staging, dataDir);
    return { dataDir, files: manifest.media.length, postgres };
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  }
}
