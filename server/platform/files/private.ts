import { chmodSync, closeSync, existsSync, openSync } from "node:fs";

// The console's files hold stream keys, webhook secrets, password hashes and the studio's unreleased
// media: only the user the console runs as may read them. Folders 0700, files 0600.

export const PRIVATE_FOLDER = 0o700;
export const PRIVATE_FILE = 0o600;

/**
 * Everything this process and its children create from now on is owner-only, whatever the login
 * shell's umask: SQLite's -wal and -shm files, uploads, ffmpeg's posters and prepared copies, the
 * playlist lists. The explicit modes elsewhere hold even where this was not called (tests, tools).
 */
export function keepNewFilesPrivate(): void {
  process.umask(0o077);
}

/**
 * Makes an existing folder owner-only, and the files named in it too. A folder closed to others
 * closes everything below it, so a folder's other files are left as they are. Answers what could not
 * be changed (a folder owned by another user, a read-only mount), for the log; never throws.
 */
export function tightenFolder(dir: string, files: string[] = []): string[] {
  const failed: string[] = [];
  const set = (path: string, mode: number) => {
    try {
      if (existsSync(path)) chmodSync(path, mode);
    } catch (err) {
      failed.push(`${path}: ${(err as Error).message}`);
    }
  };
  set(dir, PRIVATE_FOLDER);
  for (const f of files) set(`${dir}/${f}`, PRIVATE_FILE);
  return failed;
}

/** Creates `file` empty and owner-only unless it exists, so whatever writes it next keeps that mode. */
export function createPrivateFile(file: string): void {
  try {
    closeSync(openSync(file, "wx", PRIVATE_FILE));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
}
