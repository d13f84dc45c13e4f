import type { AppDeps } from "@server/deps";
import { requirePermission, requireProject } from "@server/features/projects";
import { badRequest } from "@server/platform/errors";
import { uploadBytes, uploadFailures } from "@server/platform/metrics/registry";
import { parseInput } from "@server/platform/validation";
import { MEDIA } from "@shared/messages/media";
import type { MediaItem } from "@shared/schemas/media";
import { uploadProjectIdSchema } from "@shared/schemas/media";
import { stripUnsafeNameChars } from "@shared/schemas/names";
import type { SessionUser } from "@shared/types";
import { diskFull, isDiskFullError, requireRoom } from "./disk-space";
import { EXTENSION_OF } from "./formats";
import { mediaItem, recordMediaFile } from "./media";
import { extractPoster } from "./poster";
import { probeMedia } from "./probe";
import { type ReceivedUpload, receiveUpload, tooLarge } from "./receive";
import { generatedName, mediaPaths, moveIntoLibrary, removeQuietly } from "./storage";

const ORIGINAL_NAME_MAX = 255;
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

/** The `projectId` field: a project this user can reach, else 400/404. */
async function uploadTarget(deps: AppDeps, user: SessionUser, raw: string | undefined): Promise<number> {
  const projectId = parseInput(uploadProjectIdSchema, raw);
  await requireProject(deps, user, projectId);
  return projectId;
}

/**
 * Turns a received temp file into a media item: checks the project, reads the real type with
 * ffprobe, moves the file into place under a generated name, takes a poster (a video's frame, an
 * image scaled down to a thumbnail), records it.
 * Whatever fails, nothing is left behind: not the temp file, not the stored file, not a poster.
 */
export async function storeUpload(
  deps: AppDeps,
  user: SessionUser,
  upload: ReceivedUpload,
): Promise<MediaItem> {
  const paths = mediaPaths(deps.env.DATA_DIR);
  let storedPath: string | null = null;
  let posterPath: string | null = null;
  try {
    const projectId = await uploadTarget(deps, user, upload.fields.projectId);
    const meta = await probeMedia(deps.env.FFPROBE_PATH, upload.tempPath);
    if (!meta) throw badRequest(MEDIA.unsupported);

    const storedName = generatedName(EXTENSION_OF[meta.mimeType] ?? "bin");
    storedPath = paths.file(storedName);
    await moveIntoLibrary(upload.tempPath, storedPath);

    // Images get one too: the library then loads a 480 px JPEG per card, not a full-size original.
    posterPath = paths.poster(`${storedName}.jpg`);
    const posterName = (await extractPoster(
      deps.env.FFMPEG_PATH,
      storedPath,
      posterPath,
      meta.durationSeconds,
    ))
      ? `${storedName}.jpg`
      : null;
    if (!posterName) await removeQuietly(posterPath);

    const id = await recordMediaFile(
      deps,
      {
        projectId,
        originalName: cleanName(upload.originalName),
        storedName,
        fileSize: upload.size,
        posterName,
        uploadedBy: user.id,
      },
      meta,
    );
    // Media that cannot be stream-copied is re-encoded once now, so its first stream starts at once.
    void deps.supervisor.preparations.prepareInBackground(id);
    return await mediaItem(deps, id);
  } catch (err) {
    await Promise.all([removeQuietly(upload.tempPath), removeQuietly(storedPath), removeQuietly(posterPath)]);
    throw isDiskFullError(err) ? diskFull() : err;
  }
}

/** The original name is only data: no path, no control characters, bounded length. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = stripUnsafeNameChars(base).trim();
  return (clean || "upload").slice(0, ORIGINAL_NAME_MAX);
}
