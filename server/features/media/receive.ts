import type { Readable } from "node:stream";
import { AppError, badRequest } from "@server/platform/errors";
import { errorField, log } from "@server/platform/log";
import { formatFileSize } from "@shared/format";
import { MEDIA } from "@shared/messages/media";
import busboy, { type Busboy } from "busboy";
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
  /**
   * Sees each text field as it arrives; throwing or rejecting refuses the upload (e.g. a wrong
   * project). The upload is not taken until every check has answered.
   */
  onField?: (name: string, value: string) => void | Promise<void>;
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
  const parser = createParser(opts);
  const latch = failureLatch();
  const upload = listen(parser, opts, latch);
  const finished = new Promise<void>((resolve) => parser.on("close", resolve));
  const reader = opts.body!.getReader();
  try {
    while (!latch.failure) {
      const next = await latch.unlessFailed(reader.read());
      if (!next || latch.failure) break;
      if (next.done) {
        parser.end();
        await latch.unlessFailed(finished);
        break;
      }
      if (!parser.write(next.value)) await latch.unlessFailed(drained(parser));
    }
  } catch {
    // The client went away or the body broke off.
    latch.fail(badRequest(MEDIA.interrupted));
  }
  await Promise.all(upload.checks);

  let file: TempFile | null = null;
  if (!latch.failure) {
    try {
      file = await (upload.saving ?? Promise.reject(badRequest(MEDIA.noFile)));
    } catch (err) {
      latch.fail(err);
    }
  }
  if (latch.failure || !file) {
    reader.cancel().catch(() => {});
    parser.destroy();
    // The file part (if any) settles once the parser is gone. A part that failed has removed its temp
    // file already; one that was complete before a later refusal (say, a projectId after the file) goes now.
    const complete = await upload.saving?.catch(() => null);
    await complete?.discard();
    throw asAppError(latch.failure);
  }
  return { tempPath: file.path, originalName: upload.originalName, size: file.size, fields: upload.fields };
}

/** A multipart parser for the body, or 400 when the body is not multipart at all. */
function createParser(opts: ReceiveOptions): Busboy {
  if (!opts.body || !opts.contentType?.toLowerCase().startsWith("multipart/form-data")) {
    throw badRequest(MEDIA.notMultipart);
  }
  try {
    // One byte more than allowed: busboy flags "limit" when the count reaches fileSize, so a file of
    // exactly maxBytes must not reach it.
    return busboy({
      headers: { "content-type": opts.contentType },
      limits: { fileSize: opts.maxBytes + 1, files: 1, fields: 10, fieldSize: 4096, parts: 20 },
    });
  } catch {
    throw badRequest(MEDIA.notMultipart);
  }
}

/** The first failure of an upload, from whichever stream saw it, and a way to stop waiting once there is one. */
function failureLatch() {
  const latch = {
    failure: null as unknown,
    /** Ends the current wait early when a failure comes from elsewhere (a field, the file part, the disk). */
    wake: null as (() => void) | null,
    fail: (err: unknown) => {
      latch.failure ??= err;
      latch.wake?.();
    },
    // A fresh promise per wait: racing each read against one long-lived "stopped" promise would leave a
    // reaction on it per read, each holding its chunk, so the whole body would stay in memory.
    unlessFailed: <T>(p: Promise<T>): Promise<T | null> =>
      new Promise<T | null>((resolve, reject) => {
        if (latch.failure) return resolve(null);
        latch.wake = () => resolve(null);
        p.then(resolve, reject);
      }).finally(() => {
        latch.wake = null;
      }),
  };
  return latch;
}

/** Wires the parser's events: fields are collected, the one file part is saved, every refusal goes to `fail`. */
function listen(parser: Busboy, opts: ReceiveOptions, latch: ReturnType<typeof failureLatch>) {
  const upload = {
    fields: {} as Record<string, string>,
    originalName: "",
    saving: null as Promise<TempFile> | null,
    /** The field checks under way, each refusing the upload if it fails. */
    checks: [] as Promise<void>[],
  };
  const refuse = latch.fail;
  // Tearing the parser down mid-part makes it emit "Unexpected end of file" on itself and on the open
  // file stream: both always have a listener, or that error would end the process.
  parser.on("error", () => refuse(badRequest(MEDIA.interrupted)));
  parser.on("filesLimit", () => refuse(badRequest(MEDIA.oneFileOnly)));
  parser.on("fieldsLimit", () => refuse(badRequest(MEDIA.tooManyFields)));
  parser.on("partsLimit", () => refuse(badRequest(MEDIA.tooManyFields)));
  parser.on("field", (name, value) => {
    upload.fields[name] = value;
    try {
      const check = opts.onField?.(name, value);
      if (check) upload.checks.push(check.catch(refuse));
    } catch (err) {
      refuse(err);
    }
  });
  parser.on("file", (name, file: Readable, info) => {
    file.on("error", () => {});
    if (name !== FILE_FIELD || upload.saving) refuse(badRequest(MEDIA.oneFileOnly));
    if (latch.failure) {
      file.resume();
      return;
    }
    upload.originalName = info.filename || "upload";
    file.on("limit", () => refuse(tooLarge(opts.maxBytes)));
    upload.saving = saveFile(file, opts);
    upload.saving.catch(refuse);
  });
  return upload;
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
  if (err) log.warn("upload failed", { component: "upload", error: errorField(err) });
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
