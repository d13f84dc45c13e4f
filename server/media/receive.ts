import type { FileSink } from "bun";
import busboy, { type Busboy } from "busboy";
import { formatFileSize } from "../../shared/format";
import { MEDIA } from "../../shared/messages/media";
import { AppError, badRequest } from "../errors";
import { removeQuietly } from "./storage";

export interface ReceivedUpload {
  tempPath: string;
  originalName: string;
  size: number;
  fields: Record<string, string>;
}

export interface ReceiveOptions {
  contentType: string | undefined;
  body: ReadableStream<Uint8Array> | null;
  tempPath: string;
  maxBytes: number;
  /** Sees each text field as it arrives; throwing refuses the upload at once (e.g. a wrong project). */
  onField?: (name: string, value: string) => void;
}

/** Bytes gathered before one write to disk: few syscalls, bounded memory. */
const WRITE_BUFFER = 1024 * 1024;
/** The file field; any other file part is skipped. */
const FILE_FIELD = "media";

export const tooLarge = (maxBytes: number) =>
  new AppError("PAYLOAD_TOO_LARGE", MEDIA.tooLarge(formatLimit(maxBytes)), { maxFileSize: maxBytes });

/** "1 GB", "512 MB" for round limits; two decimals otherwise. */
export function formatLimit(bytes: number): string {
  const units = ["Bytes", "KB", "MB", "GB", "TB"];
  for (let i = units.length - 1; i > 0; i--) {
    if (bytes >= 1024 ** i && bytes % 1024 ** i === 0) return `${bytes / 1024 ** i} ${units[i]}`;
  }
  return formatFileSize(bytes);
}

/**
 * Streams a multipart body into `tempPath` without holding it in memory: the request's web stream is
 * read only as fast as busboy takes it (drain), and busboy's file data goes to a file writer that
 * writes each 1 MB it gathers, so memory stays flat (test/bench/upload.ts: ~35 MB growth for 1 GB).
 * The size limit is enforced as bytes arrive. On any failure (too large, refused field, malformed or
 * interrupted body, disk error) the temp file is removed before the error is thrown.
 */
export async function receiveUpload(opts: ReceiveOptions): Promise<ReceivedUpload> {
  if (!opts.body || !opts.contentType?.toLowerCase().startsWith("multipart/form-data")) {
    throw badRequest(MEDIA.notMultipart);
  }
  let parser: Busboy;
  try {
    // One byte more than allowed: busboy flags "limit" when the count reaches fileSize, so a file of
    // exactly maxBytes must not reach it.
    parser = busboy({
      headers: { "content-type": opts.contentType },
      limits: { fileSize: opts.maxBytes + 1, files: 1, fields: 10, fieldSize: 4096, parts: 20 },
    });
  } catch {
    throw badRequest(MEDIA.notMultipart);
  }

  let failure: AppError | null = null;
  /** A disk failure is ours, not the client's: it leaves as a 500 after the cleanup. */
  let diskError: unknown = null;
  let refused = false;
  let originalName = "";
  let sink: FileSink | null = null;
  let size = 0;
  let written: Promise<unknown> = Promise.resolve();
  const fields: Record<string, string> = {};

  parser.on("field", (name, value) => {
    fields[name] = value;
    try {
      opts.onField?.(name, value);
    } catch (err) {
      failure ??= err instanceof AppError ? err : badRequest(String(err));
      refused = true;
    }
  });
  parser.on("file", (name, file, info) => {
    if (name !== FILE_FIELD || sink || failure) {
      file.resume();
      return;
    }
    originalName = info.filename || "upload";
    // Bun's native file writer: buffers up to WRITE_BUFFER bytes and writes them in one call, several
    // times faster than piping into fs.createWriteStream (64 KB chunks, one thread-pool trip each).
    const writer = Bun.file(opts.tempPath).writer({ highWaterMark: WRITE_BUFFER });
    sink = writer;
    file.on("data", (chunk: Buffer) => {
      if (failure || diskError) return;
      size += chunk.length;
      try {
        writer.write(chunk);
      } catch (err) {
        diskError = err;
      }
    });
    file.on("limit", () => {
      failure ??= tooLarge(opts.maxBytes);
    });
    written = new Promise<void>((resolve, reject) => {
      file.on("end", resolve);
      file.on("error", reject);
    }).then(async () => {
      try {
        await writer.end();
      } catch (err) {
        diskError = err;
      }
    });
    // Read below; this only keeps an early failure from counting as unhandled.
    written.catch(() => {});
  });
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", reject);
  });
  // Avoid an unhandled rejection when we stop early; the outcome is read below.
  parsed.catch(() => {});

  const reader = opts.body.getReader();
  try {
    for (;;) {
      if (refused) {
        // A refused target: no reason to accept the rest of a possibly huge body.
        await reader.cancel().catch(() => {});
        break;
      }
      const { done, value } = await reader.read();
      if (done) break;
      if (!parser.write(value)) await drained(parser);
    }
    if (!refused) {
      parser.end();
      await parsed;
      await written;
    }
  } catch {
    failure ??= badRequest(MEDIA.interrupted);
  }

  const opened = sink as FileSink | null;
  if (failure || diskError || !opened) {
    parser.destroy();
    try {
      await opened?.end();
    } catch {}
    await removeQuietly(opts.tempPath);
    throw failure ?? diskError ?? badRequest(MEDIA.noFile);
  }
  return { tempPath: opts.tempPath, originalName, size, fields };
}

/** Resolves when busboy wants more input, or when it has failed (the caller then sees the failure). */
function drained(parser: Busboy): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      parser.off("drain", done);
      parser.off("error", fail);
      parser.off("close", done);
      resolve();
    };
    const fail = (err: unknown) => {
      parser.off("drain", done);
      parser.off("close", done);
      reject(err);
    };
    parser.once("drain", done);
    parser.once("error", fail);
    parser.once("close", done);
  });
}
