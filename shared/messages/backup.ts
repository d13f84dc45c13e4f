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
  dailySkippedOnPostgres:
    "Daily backups are off: BACKUP_DIR backs up the SQLite database, and this console runs on PostgreSQL (back it up with pg_dump)",
  pruned: (count: number) => `Removed ${count} backup(s) older than BACKUP_KEEP`,
} as const;
