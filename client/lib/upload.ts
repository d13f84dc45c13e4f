// What an upload reports to the dialog, whatever carries it (see resumable-upload.ts).

export interface UploadProgress {
  loaded: number;
  total: number;
  percent: number;
}

export interface UploadResponse {
  status: number;
  /** The parsed JSON answer, or null when the body was not JSON. */
  body: unknown;
}

export class UploadAbortedError extends Error {
  constructor() {
    super("Upload cancelled");
    this.name = "UploadAbortedError";
  }
}

export interface UploadHandle {
  /** Settles with any HTTP answer (check `status`); rejects on abort or a network failure. */
  done: Promise<UploadResponse>;
  /** Stops the transfer: the browser closes the request, the server drops the partial file. */
  abort(): void;
}

/** The server's `error` text from an answer body, if it sent one. */
export function serverError(body: unknown): string | undefined {
  const error = (body as { error?: unknown } | null)?.error;
  return typeof error === "string" && error ? error : undefined;
}
