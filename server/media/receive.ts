import type { Readable } from "node:stream";
import busboy, { type Busboy } from "busboy";
import { formatFileSize } from "../../shared/format";
import { MEDIA } from "../../shared/messages/media";
import { AppError, badRequest } from "../errors";
import { diskFull, isDiskFullError } from "./disk-space";
import { TempFile } from "./temp-file";

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
  /** Throws (507) when `bytesAhead` more bytes would leave too little free space. */
  ensureRoom?: (bytesAhead: number) => Promise<void>;
}

/** The file field. Any other file part, or a second file, refuses the whole upload. */
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
 * read only as fast as busboy takes it (drain), and busboy only as fast as the file is written
 * (1 MB awaited writes), so memory stays flat. The size limit and the free space are checked as bytes
 * arrive. Every stream involved (the body, busboy, each file part) has its errors handled here: the
 * first failure wins, reading stops, the parser is torn down, and the temp file is removed before the
 * failure is thrown as an AppError (4xx, or 507 for a full disk).
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

  let failure: unknown = null;
  /** Ends the current wait early when a failure comes from elsewhere (a field, the file part, the disk). */
  let wake: (() => void) | null = null;
  const fail = (err: unknown) => {
    failure ??= err;
    wake?.();
  };
  // A fresh promise per wait: racing each read against one long-lived "stopped" promise would leave a
  // reaction on it per read, each holding its chunk, so the whole body would stay in memory.
  const unlessFailed = <T>(p: Promise<T>): Promise<T | null> =>
    new Promise<T | null>((resolve, reject) => {
      if (failure) return resolve(null);
      wake = () => resolve(null);
      p.then(resolve, reject);
    }).finally(() => {
      wake = null;
    });
  const fields: Record<string, string> = {};
  let originalName = "";
  let saving: Promise<TempFile> | null = null;

  // Tearing the parser down mid-part makes it emit "Unexpected end of file" on itself and on the open
  // file stream: both always have a listener, or that error would end the process.
  parser.on("error", () => fail(badRequest(MEDIA.interrupted)));
  parser.on("filesLimit", () => fail(badRequest(MEDIA.oneFileOnly)));
  parser.on("fieldsLimit", () => fail(badRequest(MEDIA.tooManyFields)));
  parser.on("partsLimit", () => fail(badRequest(MEDIA.tooManyFields)));
  parser.on("field", (name, value) => {
    fields[name] = value;
    try {
      opts.onField?.(name, value);
    } catch (err) {
      fail(err);
    }
  });
  parser.on("file", (name, file: Readable, info) => {
    file.on("error", () => {});
    if (name !== FILE_FIELD || saving) fail(badRequest(MEDIA.oneFileOnly));
    if (failure) {
      file.resume();
      return;
    }
    originalName = info.filename || "upload";
    file.on("limit", () => fail(tooLarge(opts.maxBytes)));
    saving = saveFile(file, opts);
    saving.catch(fail);
  });
  const finished = new Promise<void>((resolve) => parser.on("close", resolve));

  const reader = opts.body.getReader();
  try {
    while (!failure) {
      const next = await unlessFailed(reader.read());
      if (!next || failure) break;
      if (next.done) {
        parser.end();
        await unlessFailed(finished);
        break;
      }
      if (!parser.write(next.value)) await unlessFailed(drained(parser));
    }
  } catch {
    // The client went away or the body broke off.
    fail(badRequest(MEDIA.interrupted));
  }

  let file: TempFile | null = null;
  if (!failure) {
    try {
      file = await (saving ?? Promise.reject(badRequest(MEDIA.noFile)));
    } catch (err) {
      fail(err);
    }
  }
  if (failure || !file) {
    reader.cancel().catch(() => {});
    parser.destroy();
    // The file part (if any) settles once the parser is gone. A part that failed has removed its temp
    // file already; one that was complete before a later refusal (say, a projectId after the file) goes now.
    const complete = await (saving as Promise<TempFile> | null)?.catch(() => null);
    await complete?.discard();
    throw asAppError(failure);
  }
  return { tempPath: file.path, originalName, size: file.size, fields };
}

/** Writes one file part to its temp file; on any failure the temp file is removed before rejecting. */
async function saveFile(stream: Readable, opts: ReceiveOptions): Promise<TempFile> {
  let file: TempFile | null = null;
  try {
    file = TempFile.create(opts.tempPath, opts.ensureRoom ?? (async () => {}));
    for await (const chunk of stream) await file.write(chunk as Uint8Array);
    if ((stream as Readable & { truncated?: boolean }).truncated) throw tooLarge(opts.maxBytes);
    await file.finish();
    return file;
  } catch (err) {
    // Stop the part (and with it the parser's backpressure) if the disk failed first.
    stream.destroy();
    await file?.discard();
    throw err;
  }
}

/** What the caller sees: our refusals as they are, a full disk as 507, anything else as an interruption. */
function asAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isDiskFullError(err)) return diskFull();
  if (err) console.warn("[upload] failed:", err);
  return badRequest(err ? MEDIA.interrupted : MEDIA.noFile);
}

/** Resolves when busboy wants more input, or when it has closed or failed (the caller then sees why). */
function drained(parser: Busboy): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      parser.off("drain", done);
      parser.off("error", done);
      parser.off("close", done);
      resolve();
    };
    parser.once("drain", done);
    parser.once("error", done);
    parser.once("close", done);
  });
}
