import type { FileSink } from "bun";
import { removeQuietly } from "./storage";

/** Bytes gathered before one write to disk: few syscalls, bounded memory. */
const WRITE_BUFFER = 1024 * 1024;
/** How often (in bytes received) free space is measured again while an upload streams in. */
export const ROOM_CHECK_EVERY = 8 * 1024 * 1024;

/**
 * An upload's temp file, written with Bun's file writer (several times faster here than node:fs
 * promises: 0.1 s against 1.9 s for 800 MB). That writer reports a failed write (ENOSPC included) by
 * returning a rejected promise instead of a byte count; every result is awaited here, so the failure
 * reaches the caller's try/catch rather than escaping as an unhandled rejection. `ensureRoom` is asked
 * before the first byte and then every ROOM_CHECK_EVERY bytes whether the next stretch still fits.
 */
export class TempFile {
  private nextCheckAt = 0;
  private closed = false;
  size = 0;

  private constructor(
    readonly path: string,
    private readonly sink: FileSink,
    private readonly ensureRoom: (bytesAhead: number) => Promise<void>,
  ) {}

  static create(path: string, ensureRoom: (bytesAhead: number) => Promise<void>): TempFile {
    return new TempFile(path, Bun.file(path).writer({ highWaterMark: WRITE_BUFFER }), ensureRoom);
  }

  async write(chunk: Uint8Array): Promise<void> {
    if (this.size + chunk.length > this.nextCheckAt) {
      await this.ensureRoom(Math.max(ROOM_CHECK_EVERY, chunk.length));
      this.nextCheckAt = this.size + ROOM_CHECK_EVERY;
    }
    await this.sink.write(chunk);
    this.size += chunk.length;
  }

  /** Writes what is buffered and closes the file; the file stays. */
  async finish(): Promise<void> {
    this.closed = true;
    await this.sink.end();
  }

  /** Closes (ignoring errors: the disk may be the reason we are here) and removes the file. */
  async discard(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      try {
        await this.sink.end();
      } catch {}
    }
    await removeQuietly(this.path);
  }
}
