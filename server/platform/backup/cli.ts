import { resolve } from "node:path";
import { loadEnv } from "@server/platform/env";
import { keepNewFilesPrivate } from "@server/platform/files/private";
import { BACKUP } from "@shared/messages/backup";
import { BackupRefusal } from "./layout";
import { restoreBackup } from "./restore";
import { takeBackup } from "./take";

// `npm run backup -- DIR` and `npm run restore -- BACKUP`: DATA_DIR comes from the environment, read as
// the server reads it. A refusal prints one plain line and exits 1; so does anything unexpected.

async function run(command: string | undefined, named: string | undefined): Promise<string> {
  const env = loadEnv();
  // A backup holds every secret of the console: nothing either command writes is for other users.
  keepNewFilesPrivate();
  // npm runs scripts in the repository; a relative path means the folder the operator typed it in.
  const target = named && resolve(process.env.INIT_CWD ?? process.cwd(), named);
  if (command === "backup") {
    if (!target) throw new BackupRefusal(BACKUP.usageBackup);
    const done = await takeBackup({
      dataDir: env.DATA_DIR,
      backupDir: target,
      databaseUrl: env.DATABASE_URL,
    });
    return BACKUP.written(done.path, done.manifest.media.length);
  }
  if (command === "restore") {
    if (!target) throw new BackupRefusal(BACKUP.usageRestore);
    const done = await restoreBackup({
      source: target,
      dataDir: env.DATA_DIR,
      databaseUrl: env.DATABASE_URL,
    });
    return done.postgres
      ? BACKUP.restoredPg(done.dataDir, done.files)
      : BACKUP.restored(done.dataDir, done.files);
  }
  throw new BackupRefusal(`${BACKUP.usageBackup}\n${BACKUP.usageRestore}`);
}

if (import.meta.main) {
  try {
    console.log(await run(process.argv[2], process.argv[3]));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}
