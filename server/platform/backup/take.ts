import { access, chmod, constants, mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { PRIVATE_FILE, PRIVATE_FOLDER } from "@server/platform/files/private";
import { BACKUP } from "@shared/messages/backup";
import { copyPrivate, describe, filesUnder } from "./files";
import {
  BackupRefusal,
  backupName,
  DATABASE,
  type FileEntry,
  FORMAT,
  MANIFEST,
  type Manifest,
  PG_DUMP,
} from "./layout";
import { dumpDatabase } from "./pg-tools";

export interface TakeOptions {
  dataDir: string;
  backupDir: string;
  /** The console's PostgreSQL database, dumped with pg_dump; absent, DATA_DIR's SQLite file is copied. */
  databaseUrl?: string;
  now?: () => number;
}

async function isFolder(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isDirectory() ?? false;
}

async function writableFolder(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER });
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
function copyDatabase(dbFile: string, to: string): Promise<void> {
  const worker = new Worker(new URL("./vacuum-worker.ts", import.meta.url));
  return new Promise<void>((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<{ ok: boolean; message?: string }>) =>
      e.data.ok ? resolve() : reject(new Error(`Could not copy the database: ${e.data.message}`));
    worker.onerror = (e) => reject(new Error(`Could not copy the database: ${e.message}`));
    worker.postMessage({ dbFile, to });
  }).finally(() => worker.terminate());
}

/**
 * Media files under DATA_DIR/media (uploads, posters, prepared copies) copied and described. Each is
 * hashed anew: a copy shares nothing with the previous backup's that would vouch for its bytes.
 */
async function copyMedia(dataDir: string, staging: string): Promise<FileEntry[]> {
  const entries: FileEntry[] = [];
  for (const path of await filesUnder(dataDir, "media")) {
    try {
      await copyPrivate(join(dataDir, path), join(staging, path));
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
  if (!opts.databaseUrl && !(await stat(dbFile).catch(() => null))?.isFile())
    throw new BackupRefusal(BACKUP.noDatabase(dbFile));
  const dbName = opts.databaseUrl ? PG_DUMP : DATABASE;
  await writableFolder(opts.backupDir);
  let at = (opts.now ?? Date.now)();
  while (await stat(join(opts.backupDir, backupName(at))).catch(() => null)) at++;
  const name = backupName(at);
  const staging = join(opts.backupDir, `.${name}.part`);
  const final = join(opts.backupDir, name);
  try {
    await mkdir(staging, { mode: PRIVATE_FOLDER });
    // The database first: a media file uploaded after this moment is not in the copied database,
    // so it would only be an unused extra; every file the copy names that still exists follows.
    if (opts.databaseUrl) await dumpDatabase(opts.databaseUrl, join(staging, PG_DUMP));
    else await copyDatabase(dbFile, join(staging, DATABASE));
    await chmod(join(staging, dbName), PRIVATE_FILE);
    const manifest: Manifest = {
      format: FORMAT,
      createdAt: new Date(at).toISOString(),
      database: await describe(staging, dbName),
      media: await copyMedia(opts.dataDir, staging),
    };
    await writeFile(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: PRIVATE_FILE,
    });
    await rename(staging, final);
    return { path: final, manifest };
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  }
}
