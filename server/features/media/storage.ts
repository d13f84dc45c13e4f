import { mkdirSync } from "node:fs";
import { copyFile, lstat, readdir, rename, rm, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { PRIVATE_FOLDER } from "@server/platform/files/private";
import { type EntryKind, notRegular } from "@server/platform/files/regular";

// Where media lives: uploads arrive in DATA_DIR/tmp (same filesystem, so the final rename is atomic)
// and are kept in DATA_DIR/media under a generated name; posters beside them in media/posters and
// re-encoded copies in media/prepared. Resumable uploads gather their bytes in media/.uploads: a
// resumed chunk may reach another node, and every node shares DATA_DIR/media.
export function mediaPaths(dataDir: string) {
  const media = join(dataDir, "media");
  const posters = join(media, "posters");
  const prepared = join(media, "prepared");
  const uploads = join(media, UPLOADS_FOLDER);
  const tmp = join(dataDir, "tmp");
  for (const d of [media, posters, prepared, uploads, tmp])
    mkdirSync(d, { recursive: true, mode: PRIVATE_FOLDER });
  return {
    media,
    posters,
    /** Re-encoded copies of media that cannot be stream-copied. */
    prepared,
    /** Resumable uploads under way: each one's bytes so far and its record (`<id>.json`). */
    uploads,
    tmp,
    file: (storedName: string) => join(media, storedName),
    poster: (posterName: string) => join(posters, posterName),
    newTemp: () => join(tmp, `upload-${crypto.randomUUID()}.part`),
  };
}

/** The folder of resumable uploads under way, inside DATA_DIR/media. */
export const UPLOADS_FOLDER = ".uploads";

export const generatedName = (extension: string) => `${crypto.randomUUID()}.${extension}`;

/** Removes a file if it is there; a missing file is already the wanted state. */
export async function removeQuietly(path: string | null | undefined): Promise<void> {
  if (path) await rm(path, { force: true });
}

/**
 * Removes `.part` files (uploads in tmp, re-encodes in media/prepared) not written to for `idleMs`:
 * a crash, a kill or a full disk mid-write left them (re-encodes: not for `preparedIdleMs`). Returns
 * how many went.
 */
export async function sweepPartFiles(
  dataDir: string,
  idleMs: number,
  now = Date.now(),
  preparedIdleMs = idleMs,
): Promise<number> {
  const paths = mediaPaths(dataDir);
  let removed = 0;
  for (const [dir, idle] of [
    [paths.tmp, idleMs],
    [paths.prepared, preparedIdleMs],
  ] as const) {
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      if (!name.endsWith(".part")) continue;
      const path = join(dir, name);
      const info = await stat(path).catch(() => null);
      if (info?.isFile() && now - info.mtimeMs >= idle) {
        await removeQuietly(path);
        removed++;
      }
    }
  }
  return removed;
}

/**
 * Entries of the media folders that are not regular files (links, pipes, devices, stray folders),
 * as "media/…" paths with what they are. The console never creates one; a restore or a hand may have.
 */
export async function irregularMedia(dataDir: string): Promise<{ path: string; kind: EntryKind }[]> {
  const paths = mediaPaths(dataDir);
  const found: { path: string; kind: EntryKind }[] = [];
  for (const dir of [paths.media, paths.posters, paths.prepared]) {
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const path = join(dir, name);
      if (path === paths.posters || path === paths.prepared || path === paths.uploads) continue;
      const info = await lstat(path).catch(() => null);
      const kind = info && notRegular(info);
      if (kind) found.push({ path: relative(dataDir, path), kind });
    }
  }
  return found;
}

/**
 * Moves an upload into the library. A rename within one file system; where DATA_DIR/media is a mount
 * of its own (storage shared by several nodes), the kernel refuses that (EXDEV) and the file is copied
 * under a temporary name, renamed into place there, and the original removed.
 */
export async function moveIntoLibrary(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
    const partial = `${to}.moving`;
    try {
      await copyFile(from, partial);
      await rename(partial, to);
    } finally {
      await rm(partial, { force: true });
    }
    await rm(from, { force: true });
  }
}
