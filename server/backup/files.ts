import { copyFile, link, mkdir, open, readdir, stat } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import type { FileEntry } from "./layout";

// File work for backup and restore, all asynchronous: copies run on libuv's thread pool and hashing
// reads in chunks, so a server taking a backup keeps serving and its streams keep their pace.

/** Read and hashed 1 MB at a time: each step takes about a millisecond of the event loop. */
const CHUNK = 1024 * 1024;

export async function sha256(path: string): Promise<string> {
  const hasher = new Bun.CryptoHasher("sha256");
  // Not Bun.file().stream(): measured, it held the event loop for the whole file (750 ms for 256 MB).
  const file = await open(path);
  const buf = Buffer.alloc(CHUNK);
  try {
    for (;;) {
      const { bytesRead } = await file.read(buf, 0, CHUNK, null);
      if (bytesRead === 0) break;
      hasher.update(buf.subarray(0, bytesRead));
    }
  } finally {
    await file.close();
  }
  return hasher.digest("hex");
}

/**
 * Places `from` at `to`: a hard link on the same file system (instant, no space; media files are
 * never changed in place, only added and removed), otherwise a copy.
 */
export async function linkOrCopy(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  try {
    await link(from, to);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== "EXDEV" && code !== "EPERM" && code !== "ENOTSUP") throw err;
    await copyFile(from, to);
  }
}

export async function describe(root: string, path: string): Promise<FileEntry> {
  const full = join(root, path);
  return { path, size: (await stat(full)).size, sha256: await sha256(full) };
}

/** Files under `dir` (recursively), as paths relative to `root`; unfinished `.part` files are left out. */
export async function filesUnder(root: string, dir: string): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(join(root, dir), { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    const rel = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(root, rel)));
    else if (e.isFile() && !e.name.endsWith(".part")) out.push(relative(root, join(root, rel)));
  }
  return out.map((p) => p.split(sep).join("/"));
}
