// What the backup and restore commands, and the server's daily backup, tell the operator.
export const BACKUP = {
  usageBackup:
    "Usage: npm run backup -- DIR   (writes DIR/<time>/ with the database, the media and a manifest)",
  usageRestore: "Usage: npm run restore -- BACKUP   (a backup folder, or its manifest.json)",
  noDataDir: (dir: string) =>
    `There is no data directory at ${dir}: set DATA_DIR to the console's data directory.`,
  noDatabase: (file: string) =>
    `There is no console database at ${file}: is DATA_DIR the console's data directory?`,
  notWritable: (dir: string) => `Cannot write to ${dir}: choose a folder this user may write to.`,
  written: (dir: string, files: number) => `Backup written to ${dir} (database and ${files} media file(s)).`,
  restoredPg: (dir: string, files: number) =>
    `Restored the database into DATABASE_URL and ${files} media file(s) into ${dir}. Start the console with DATA_DIR=${dir} and that DATABASE_URL.`,
  notABackup: (path: string) => `${path} is not a backup: it has no readable manifest.json.`,
  severalBackups: (path: string, newest: string) =>
    `${path} holds backups: name the one to restore, for example ${newest}.`,
  dataDirNotEmpty: (dir: string) =>
    `${dir} is not empty: restore only goes into an empty or new data directory, so nothing live is overwritten.`,
  dataDirNotFolder: (dir: string) => `${dir} exists and is not a folder.`,
  badPath: (path: string) => `The manifest names a file outside the backup (${path}): refused.`,
  notAFile: (path: string, kind: string) =>
    `The backup holds ${path} as ${kind}, not a regular file: refused, nothing was restored.`,
  notAFolder: (path: string, kind: string) =>
    `The backup holds ${path} as ${kind} where a folder belongs: refused, nothing was restored.`,
  kinds: {
    file: "a file",
    link: "a symbolic link",
    folder: "a folder",
    pipe: "a named pipe",
    socket: "a socket",
    device: "a device",
    other: "a special file",
  },
  missingFile: (path: string) => `The backup is incomplete: ${path} is missing.`,
  damaged: (path: string) => `The backup is damaged: ${path} does not match its recorded size and hash.`,
  restored: (dir: string, files: number) =>
    `Restored into ${dir} (database and ${files} media file(s)). Start the console with DATA_DIR=${dir}.`,
  dailyTaken: (dir: string) => `Daily backup written to ${dir}`,
  dailyFailed: (reason: string) => `Daily backup failed: ${reason}`,
  pgToolMissing: (name: string) =>
    `${name} is not installed: install PostgreSQL's client programs (the postgresql-client package) of the database server's version or newer.`,
  pgToolTooOld: (name: string, path: string) =>
    `${path} is older than the database server: install ${name} of the server's version or newer.`,
  pgToolFailed: (name: string, code: number, detail: string) => `${name} failed (exit ${code}): ${detail}`,
  badDatabaseUrl: "DATABASE_URL is not a valid postgres:// URL.",
  noDatabaseUrl: (dump: string) =>
    `This backup holds a PostgreSQL dump (${dump}): set DATABASE_URL to a new, empty database to restore it into.`,
  databaseNotEmpty:
    "The database DATABASE_URL names already has tables: restore only goes into a new, empty database, so nothing live is overwritten.",
  pruned: (count: number) => `Removed ${count} backup(s) older than BACKUP_KEEP`,
} as const;
