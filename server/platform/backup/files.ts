import { chmod, constants, copyFile, mkdir, open, readdir, stat } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { PRIVATE_FILE, PRIVATE_FOLDER } from "@server/platform/files/private";
import { type EntryKind, notRegular } from "@server/platform/files/regular";
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
 * Places a copy of `from` at `to`, owner-only: a reflink where the file system offers one (btrfs,
 * XFS; instant and sharing blocks until either side changes), else a full copy. Never a hard link:
 * the live file, the backup and a restored copy must not share one inode, whose mode and bytes a
 * change through any of them would change for all.
 */
export async function copyPrivate(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true, mode: PRIVATE_FOLDER });
  await copyFile(from, to, constants.COPYFILE_FICLONE | constants.COPYFILE_EXCL);
  // A copy takes its source's mode; the folder it sits in is already closed to others meanwhile.
  await chmod(to, PRIVATE_FILE);
}

/** A file that is not a regular file where one was expected, with what it is instead. */
export class NotRegularFile extends Error {
  constructor(
    readonly path: string,
    readonly kind: EntryKind,
  ) {
    super(`${path} is not a regular file (${kind})`);
  }
}

/**
 * Copies a file that must be a regular file, hashing it as it goes, into a new owner-only file.
 * The source is opened without following a link (and without waiting on a pipe's writer) and checked
 * on the open descriptor, so what is copied is the very file that was checked.
 */
export async function copyRegularFile(from: string, to: string): Promise<{ size: number; sha256: string }> {
  let source: Awaited<ReturnType<typeof open>>;
  try {
    source = await open(from, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ELOOP") throw new NotRegularFile(from, "link");
    throw err;
  }
  try {
    const kind = notRegular(await source.stat());
    if (kind) throw new NotRegularFile(from, kind);
    const target = await open(to, "wx", PRIVATE_FILE);
    const hasher = new Bun.CryptoHasher("sha256");
    const buf = Buffer.alloc(CHUNK);
    let size = 0;
    try {
      for (;;) {
        const { bytesRead } = await source.read(buf, 0, CHUNK, null);
        if (bytesRead === 0) break;
        hasher.update(buf.subarray(0, bytesRead));
        await target.write(buf, 0, bytesRead);
        size += bytesRead;
      }
    } finally {
      await target.close();
    }
    return { size, sha256: hasher.digest("hex") };
  } finally {
    await source.close();
  }
}

export async function describe(root: string, path: string): Promise<FileEntry> {
  const full = join(root, path);
  return { path, size: (await stat(full)).size, sha256: await sha256(full) };
}

/**
 * Regular files under `dir` (recursively), as paths relative to `root`; unfinished `.part` files and
 * folders whose name starts with a dot (work under way, such as resumable uploads) are left out, and so
 * is anything else than a regular file or a folder (a link is never followed).
 */
export async function filesUnder(root: string, dir: string): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(join(root, dir), { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    const rel = join(dir, e.name);
    if (e.isDirectory() && e.name.startsWith(".")) continue;
    if (e.isDirectory()) out.push(...(await filesUnder(root, rel)));
    else if (e.isFile() && !e.name.endsWith(".part")) out.push(relative(root, join(root, rel)));
  }
  return out.map((p) => p.split(sep).join("/"));
}
