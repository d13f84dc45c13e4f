import type { AppDeps } from "@server/deps";
import { requireProject } from "@server/features/projects";
import { badRequest } from "@server/platform/errors";
import { parseInput } from "@server/platform/validation";
import { MEDIA } from "@shared/messages/media";
import type { MediaItem } from "@shared/schemas/media";
import { uploadProjectIdSchema } from "@shared/schemas/media";
import { stripUnsafeNameChars } from "@shared/schemas/names";
import type { SessionUser } from "@shared/types";
import { diskFull, isDiskFullError } from "./disk-space";
import { EXTENSION_OF } from "./formats";
import { mediaItem, recordMediaFile } from "./media";
import { extractPoster } from "./poster";
import { probeMedia } from "./probe";
import type { ReceivedUpload } from "./receive";
import { generatedName, mediaPaths, moveIntoLibrary, removeQuietly } from "./storage";

// What happens to a file once all its bytes are on this server, whichever way they came (one
// multipart request, or a resumable upload in many): one path, so both are checked and stored alike.

const ORIGINAL_NAME_MAX = 255;

/** The `projectId` field: a project this user can reach, else 400/404. */
export async function uploadTarget(
  deps: AppDeps,
  user: SessionUser,
  raw: string | undefined,
): Promise<number> {
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
export function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = stripUnsafeNameChars(base).trim();
  return (clean || "upload").slice(0, ORIGINAL_NAME_MAX);
}
