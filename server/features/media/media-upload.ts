import type { AppDeps } from "@server/deps";
import { requirePermission } from "@server/features/projects";
import { uploadBytes, uploadFailures } from "@server/platform/metrics/registry";
import type { MediaItem } from "@shared/schemas/media";
import type { SessionUser } from "@shared/types";
import { requireRoom } from "./disk-space";
import { receiveUpload, tooLarge } from "./receive";
import { mediaPaths } from "./storage";
import { storeUpload, uploadTarget } from "./store-upload";

/** Room in a multipart body for what surrounds the file: boundaries, part headers, the fields. */
const FORM_ALLOWANCE = 1024 * 1024;

/** A multipart upload as it arrives: its content type, its body, and the size it declares (if any). */
export interface IncomingUpload {
  contentType: string | undefined;
  body: ReadableStream<Uint8Array> | null;
  declaredSize?: number;
}

export interface UploadOutcome {
  item: MediaItem;
  /** Where the time went: the transfer, then probe, poster and record. */
  receiveMs: number;
  processMs: number;
}

/**
 * The whole upload: permission, free space for the declared size (before a byte is written), the
 * streamed receive (project checked as soon as its field arrives, space checked as bytes arrive), then
 * storing. Every refusal is an AppError, and nothing is left in tmp, media or the database.
 */
export async function uploadMedia(
  deps: AppDeps,
  user: SessionUser,
  upload: IncomingUpload,
): Promise<UploadOutcome> {
  try {
    const outcome = await receiveAndStore(deps, user, upload);
    uploadBytes.inc(outcome.item.file_size);
    return outcome;
  } catch (err) {
    uploadFailures.inc();
    throw err;
  }
}

async function receiveAndStore(
  deps: AppDeps,
  user: SessionUser,
  upload: IncomingUpload,
): Promise<UploadOutcome> {
  requirePermission(user, "media.upload");
  const paths = mediaPaths(deps.env.DATA_DIR);
  const minFree = deps.env.MIN_FREE_DISK_BYTES;
  const maxBytes = deps.env.MAX_UPLOAD_BYTES;
  // A body that says it is bigger than any allowed file can be refused before it is read.
  if ((upload.declaredSize ?? 0) > maxBytes + FORM_ALLOWANCE) throw tooLarge(maxBytes);
  await requireRoom(paths.tmp, upload.declaredSize ?? 0, minFree);
  const started = performance.now();
  const received = await receiveUpload({
    contentType: upload.contentType,
    body: upload.body,
    tempPath: paths.newTemp(),
    maxBytes,
    // When projectId comes before the file, a wrong one is refused before the file is read.
    onField: async (name, value) => {
      if (name === "projectId") await uploadTarget(deps, user, value);
    },
    ensureRoom: (bytesAhead) => requireRoom(paths.tmp, bytesAhead, minFree),
  });
  const receivedAt = performance.now();
  const item = await storeUpload(deps, user, received);
  return { item, receiveMs: receivedAt - started, processMs: performance.now() - receivedAt };
}
