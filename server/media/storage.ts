import { mkdirSync } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";

// Where media lives: uploads arrive in DATA_DIR/tmp (same filesystem, so the final rename is atomic)
// and are kept in DATA_DIR/media under a generated name; posters beside them in media/posters.
export function mediaPaths(dataDir: string) {
  const media = join(dataDir, "media");
  const posters = join(media, "posters");
  const tmp = join(dataDir, "tmp");
  for (const d of [media, posters, tmp]) mkdirSync(d, { recursive: true });
  return {
    media,
    posters,
    tmp,
    file: (storedName: string) => join(media, storedName),
    poster: (posterName: string) => join(posters, posterName),
    newTemp: () => join(tmp, `upload-${crypto.randomUUID()}.part`),
  };
}

export const generatedName = (extension: string) => `${crypto.randomUUID()}.${extension}`;

/** Removes a file if it is there; a missing file is already the wanted state. */
export async function removeQuietly(path: string | null | undefined): Promise<void> {
  if (path) await rm(path, { force: true });
}

/** A temp file this old belongs to no live upload (a crash or kill mid-transfer left it). */
const STALE_UPLOAD_MS = 6 * 60 * 60 * 1000;
const swept = new Set<string>();

/** Once per process and directory: removes temp uploads a previous run left behind when it died mid-transfer. */
export async function sweepStaleUploads(tmpDir: string, now = Date.now()): Promise<void> {
  if (swept.has(tmpDir)) return;
  swept.add(tmpDir);
  for (const name of await readdir(tmpDir).catch(() => [] as string[])) {
    if (!name.startsWith("upload-")) continue;
    const path = join(tmpDir, name);
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > STALE_UPLOAD_MS) await removeQuietly(path);
  }
}
