import { type FileHandle, open } from "node:fs/promises";
import { removeQuietly } from "./storage";

/** Bytes gathered before one write to disk: few syscalls, bounded memory. */
const WRITE_BUFFER = 1024 * 1024;
/** How often (in bytes written) free space is measured again while an upload streams in. */
export const ROOM_CHECK_EVERY = 8 * 1024 * 1024;

/**
 * An upload's temp file. Every write is awaited, so a disk error (ENOSPC included) surfaces in the
 * caller's try/catch instead of as an unhandled error later; `ensureRoom` is asked before the first
 * byte and then every ROOM_CHECK_EVERY bytes whether the next stretch still fits.
 */
export class TempFile {
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private nextCheckAt = 0;
  size = 0;

  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
    private readonly ensureRoom: (bytesAhead: number) => Promise<void>,
  ) {}

  static async create(path: string, ensureRoom: (bytesAhead: number) => Promise<void>): Promise<TempFile> {
    // "wx": a fresh name only, never an existing file.
    return new TempFile(path, await open(path, "wx"), ensureRoom);
  }

  async write(chunk: Uint8Array): Promise<void> {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes >= WRITE_BUFFER) await this.flush();
  }

  /** Writes what is buffered and closes the file; the file stays. */
  async finish(): Promise<void> {
    try {
      await this.flush();
    } finally {
      await this.handle.close();
    }
  }

  /** Closes (ignoring errors: the disk may be the reason we are here) and removes the file. */
  async discard(): Promise<void> {
    this.pending = [];
    await this.handle.close().catch(() => {});
    await removeQuietly(this.path);
  }

  private async flush(): Promise<void> {
    if (this.pendingBytes === 0) return;
    if (this.size + this.pendingBytes > this.nextCheckAt) {
      await this.ensureRoom(Math.max(ROOM_CHECK_EVERY, this.pendingBytes));
      this.nextCheckAt = this.size + ROOM_CHECK_EVERY;
    }
    const block = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    let offset = 0;
    while (offset < block.length) {
      const { bytesWritten } = await this.handle.write(block, offset, block.length - offset);
      offset += bytesWritten;
    }
    this.size += block.length;
  }
}
