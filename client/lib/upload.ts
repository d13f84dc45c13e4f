// Uploads with XMLHttpRequest: fetch cannot report upload progress, the progress bar needs it.

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

export function uploadForm(
  url: string,
  form: FormData,
  onProgress?: (p: UploadProgress) => void,
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadResponse>((resolve, reject) => {
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable || !onProgress) return;
      onProgress({ loaded: e.loaded, total: e.total, percent: Math.round((e.loaded / e.total) * 100) });
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {}
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error("Network error"));
    xhr.onabort = () => reject(new UploadAbortedError());
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

/** The server's `error` text from an answer body, if it sent one. */
export function serverError(body: unknown): string | undefined {
  const error = (body as { error?: unknown } | null)?.error;
  return typeof error === "string" && error ? error : undefined;
}
