import { Database } from "bun:sqlite";
import { access, constants, mkdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { BACKUP } from "../../shared/messages/backup";
import { describe, filesUnder, linkOrCopy } from "./files";
import {
  BackupRefusal,
  backupName,
  DATABASE,
  type FileEntry,
  FORMAT,
  MANIFEST,
  type Manifest,
} from "./layout";

export interface TakeOptions {
  dataDir: string;
  backupDir: string;
  now?: () => number;
  /** The server's own connection when the server takes the backup; the command opens one. */
  sqlite?: Database;
}

async function isFolder(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isDirectory() ?? false;
}

async function writableFolder(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
  } catch {
    throw new BackupRefusal(BACKUP.notWritable(dir));
  }
}

/**
 * The database as one consistent moment: VACUUM INTO reads under a single read transaction, so
 * writers (stream status, uploads) go on in WAL mode and the copy holds whole transactions only. It
 * is also compact: the spare pages the server keeps are left out (the server adds them back at start).
 */
function copyDatabase(opts: TakeOptions, to: string): void {
  const own = opts.sqlite === undefined;
  const sqlite =
    opts.sqlite ?? new Database(join(opts.dataDir, DATABASE), { readwrite: true, create: false });
  try {
    if (own) sqlite.exec("PRAGMA busy_timeout = 5000;");
    sqlite.query("VACUUM INTO ?").run(to);
  } finally {
    if (own) sqlite.close();
  }
}

/** Media files under DATA_DIR/media (uploads, posters, prepared copies) placed and described. */
async function copyMedia(dataDir: string, staging: string): Promise<FileEntry[]> {
  const entries: FileEntry[] = [];
  for (const path of await filesUnder(dataDir, "media")) {
    try {
      await linkOrCopy(join(dataDir, path), join(staging, path));
    } catch (err) {
      // Deleted since the listing: it is no longer part of the console either.
      if ((err as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw err;
    }
    entries.push(await describe(staging, path));
  }
  return entries;
}

/** Writes one backup into backupDir/<time>/ and answers its folder and manifest. */
export async function takeBackup(opts: TakeOptions): Promise<{ path: string; manifest: Manifest }> {
  if (!(await isFolder(opts.dataDir))) throw new BackupRefusal(BACKUP.noDataDir(opts.dataDir));
  const dbFile = join(opts.dataDir, DATABASE);
  if (!(await stat(dbFile).catch(() => null))?.isFile()) throw new BackupRefusal(BACKUP.noDatabase(dbFile));
  await writableFolder(opts.backupDir);
  let at = (opts.now ?? Date.now)();
  while (await stat(join(opts.backupDir, backupName(at))).catch(() => null)) at++;
  const name = backupName(at);
  const staging = join(opts.backupDir, `.${name}.part`);
  const final = join(opts.backupDir, name);
  try {
    await mkdir(staging);
    // The database first: a media file uploaded after this moment is not in the copied database,
    // so it would only be an unused extra; every file the copy names that still exists follows.
    copyDatabase(opts, join(staging, DATABASE));
    const manifest: Manifest = {
      format: FORMAT,
      createdAt: new Date(at).toISOString(),
      database: await describe(staging, DATABASE),
      media: await copyMedia(opts.dataDir, staging),
    };
    await Bun.write(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(staging, final);
    return { path: final, manifest };
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  }
}
