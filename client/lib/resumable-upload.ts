import { RESUMABLE_CHUNK_BYTES } from "@shared/limits";
import { type DetailedError, defaultOptions, type HttpResponse, Upload } from "tus-js-client";
import { API_BASE } from "./trpc";
import { UploadAbortedError, type UploadHandle, type UploadProgress, type UploadResponse } from "./upload";

/**
 * First retry at once (a network blip, a node restarting behind the load balancer), then backing off
 * up to half a minute. Any progress between two failures starts the list again.
 */
export const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

export const uploadsEndpoint = () => new URL(`${API_BASE}/uploads`, window.location.href).href;

/**
 * Sends one file to the project with the tus protocol. The browser remembers the upload's address by a
 * fingerprint of the file and the project, so picking the same file again after a reload or a closed
 * tab carries on from the last byte the server stored. Settles like `uploadForm`: with the server's
 * answer to the last byte (a success or a refusal such as a wrong file type), or rejects when cancelled
 * or when the network stays down past every retry.
 */
export function uploadResumable(
  file: File,
  projectId: number,
  onProgress?: (p: UploadProgress) => void,
): UploadHandle {
  let upload: Upload | null = null;
  let cancelled = false;
  let rejectDone: (err: Error) => void = () => {};
  let stopWaiting = () => {};

  const done = new Promise<UploadResponse>((resolve, reject) => {
    rejectDone = reject;
    const endpoint = uploadsEndpoint();
    upload = new Upload(file, {
      endpoint,
      chunkSize: RESUMABLE_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata: { projectId: String(projectId), filename: file.name, filetype: file.type },
      // The same file sent to two projects is two uploads.
      fingerprint: async (f, options) =>
        `${await defaultOptions.fingerprint(f, options)}-project-${projectId}`,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onShouldRetry: (err) => retryable(err),
      onProgress: (loaded, total) => {
        onProgress?.({ loaded, total, percent: total > 0 ? Math.round((loaded / total) * 100) : 0 });
      },
      onSuccess: ({ lastResponse }) => resolve(answer(lastResponse)),
      onError: (err) => {
        if (cancelled) return;
        const res = (err as DetailedError).originalResponse;
        if (res && res.getStatus() >= 400) {
          resolve(answer(res));
          return;
        }
        // Offline: carry on as soon as the browser is back online rather than failing the upload.
        if (typeof navigator !== "undefined" && navigator.onLine === false) {
          const resume = () => {
            stopWaiting();
            if (!cancelled) upload?.start();
          };
          window.addEventListener("online", resume);
          stopWaiting = () => window.removeEventListener("online", resume);
          return;
        }
        reject(new Error("Network error"));
      },
    });
  });

  void (async () => {
    const u = upload as Upload | null;
    if (!u) return;
    try {
      const previous = await u.findPreviousUploads();
      const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
      if (latest) u.resumeFromPreviousUpload(latest);
    } catch {
      // Without the browser's storage the upload simply starts from the first byte.
    }
    if (!cancelled) u.start();
  })();

  return {
    done,
    abort() {
      cancelled = true;
      stopWaiting();
      // Cancel means cancel: the server drops the bytes it has at once (tus termination).
      void (upload as Upload | null)?.abort(true).catch(() => {});
      rejectDone(new UploadAbortedError());
    },
  };
}

/**
 * Retry what a later attempt may get through: no answer at all, a conflict over the offset, a locked
 * upload, or a server error other than a full disk (which stays full until someone frees space).
 */
function retryable(err: DetailedError): boolean {
  const status = err.originalResponse?.getStatus() ?? 0;
  if (status === 0) return true;
  if (status === 409 || status === 423) return true;
  return status >= 500 && status !== 507;
}

function answer(res: HttpResponse): UploadResponse {
  let body: unknown = null;
  try {
    body = JSON.parse(res.getBody());
  } catch {}
  return { status: res.getStatus(), body };
}
