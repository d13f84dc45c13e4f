import { join } from "node:path";
import type { AppDeps } from "@server/deps";
import { preparedCopyUsable } from "@server/features/media/preparation/media-preparation";
import { requirePermission, requireProject } from "@server/features/projects";
import { forUpdate } from "@server/platform/db/portable";
import { mediaFiles, mediaPreparations, users } from "@server/platform/db/schema";
import { conflict, notFound } from "@server/platform/errors";
import { isRegularFileSync, regularFile } from "@server/platform/files/regular";
import { type MediaSort, matchesSearch, type SortOrder, searchAndSort } from "@shared/media-library";
import { DEFAULT_MEDIA_CONFIG, MEDIA } from "@shared/messages/media";
import { STEAM_RULES } from "@shared/messages/steam-rules";
import type { MediaConfig, MediaItem } from "@shared/schemas/media";
import type { SessionUser } from "@shared/types";
import { desc, eq } from "drizzle-orm";
import type { MediaMetadata } from "./probe";
import { formatLimit } from "./receive";
import { mediaPaths, removeQuietly } from "./storage";

export function mediaConfig(deps: AppDeps): MediaConfig {
  return {
    maxFileSize: deps.env.MAX_UPLOAD_BYTES,
    maxFileSizeFormatted: formatLimit(deps.env.MAX_UPLOAD_BYTES),
    supportedExtensions: {
      video: [...DEFAULT_MEDIA_CONFIG.supportedExtensions.video],
      image: [...DEFAULT_MEDIA_CONFIG.supportedExtensions.image],
    },
  };
}

const itemColumns = {
  id: mediaFiles.id,
  project_id: mediaFiles.projectId,
  original_name: mediaFiles.originalName,
  mime_type: mediaFiles.mimeType,
  file_size: mediaFiles.fileSize,
  kind: mediaFiles.kind,
  duration_seconds: mediaFiles.durationSeconds,
  width: mediaFiles.width,
  height: mediaFiles.height,
  video_codec: mediaFiles.videoCodec,
  audio_codec: mediaFiles.audioCodec,
  bitrate: mediaFiles.bitrate,
  frame_rate: mediaFiles.frameRate,
  keyframe_interval: mediaFiles.keyframeInterval,
  steam_ready: mediaFiles.steamReady,
  steam_reasons: mediaFiles.steamReasons,
  prep_status: mediaPreparations.status,
  prep_percent: mediaPreparations.percent,
  prep_error: mediaPreparations.error,
  prep_output: mediaPreparations.outputName,
  poster_name: mediaFiles.posterName,
  stored_name: mediaFiles.storedName,
  uploaded_by_name: users.name,
  created_at: mediaFiles.createdAt,
};

type ItemRow = {
  prep_status: NonNullable<MediaItem["preparation"]>["status"] | null;
  prep_percent: number | null;
  prep_error: string | null;
  prep_output: string | null;
  poster_name: string | null;
  stored_name: string;
  created_at: number;
  steam_reasons: string[] | null;
} & Omit<MediaItem, "has_poster" | "created_at" | "file_missing" | "steam_reasons" | "preparation">;

/** Checked on every listing: a file removed behind the console's back shows as missing, not as playable. */
function toItem(deps: AppDeps, item: ItemRow) {
  const { poster_name, stored_name, created_at, steam_reasons, ...rest } = item;
  const { prep_status, prep_percent, prep_error, prep_output, ...row } = rest;
  // "done" only while the copy a start would use is there; otherwise the next start makes it again.
  const stale =
    prep_status === "done" && !(prep_output && preparedCopyUsable(deps.env.DATA_DIR, prep_output));
  return {
    ...row,
    preparation:
      prep_status && !stale ? { status: prep_status, percent: prep_percent ?? 0, error: prep_error } : null,
    steam_reasons: steam_reasons ?? (row.kind === "video" ? [STEAM_RULES.notChecked] : []),
    has_poster: poster_name !== null,
    file_missing: !isRegularFileSync(mediaPaths(deps.env.DATA_DIR).file(stored_name)),
    created_at: new Date(created_at).toISOString(),
  } satisfies MediaItem;
}

function selectItems(deps: AppDeps) {
  return deps.db
    .select(itemColumns)
    .from(mediaFiles)
    .leftJoin(users, eq(users.id, mediaFiles.uploadedBy))
    .leftJoin(mediaPreparations, eq(mediaPreparations.mediaId, mediaFiles.id));
}

/**
 * The project's media whose name contains `q`, newest first unless sorted otherwise. Another
 * organization's project answers 404.
 */
export async function listMedia(
  deps: AppDeps,
  user: SessionUser,
  projectId: number,
  view: { q?: string; sort?: MediaSort; order?: SortOrder } = {},
): Promise<MediaItem[]> {
  await requireProject(deps, user, projectId);
  const rows = await selectItems(deps)
    .where(eq(mediaFiles.projectId, projectId))
    .orderBy(desc(mediaFiles.createdAt), desc(mediaFiles.id));
  // Matched by name before each file's disk check, which only the files shown need.
  const matching = rows.filter((row) => matchesSearch(row.original_name, view.q));
  return searchAndSort(
    matching.map((row) => toItem(deps, row)),
    view,
  );
}

/** One item as the media list shows it. */
export async function mediaItem(deps: AppDeps, mediaId: number): Promise<MediaItem> {
  const [row] = await selectItems(deps).where(eq(mediaFiles.id, mediaId));
  return toItem(deps, row!);
}

/** A file already in the media directory, as its row records it. */
export interface StoredMediaFile {
  projectId: number;
  originalName: string;
  storedName: string;
  fileSize: number;
  posterName: string | null;
  uploadedBy: number;
}

/** Records a stored file with what ffprobe read from it (uploads and the demo trailer); returns its id. */
export async function recordMediaFile(
  deps: AppDeps,
  file: StoredMediaFile,
  meta: MediaMetadata,
): Promise<number> {
  const [row] = await deps.db
    .insert(mediaFiles)
    .values({
      ...file,
      mimeType: meta.mimeType,
      kind: meta.kind,
      durationSeconds: meta.durationSeconds,
      width: meta.width,
      height: meta.height,
      videoCodec: meta.videoCodec,
      audioCodec: meta.audioCodec,
      bitrate: meta.bitrate,
      frameRate: meta.frameRate,
      keyframeInterval: meta.keyframeInterval,
      steamReady: meta.steamReady,
      steamReasons: meta.steamReasons,
      createdAt: deps.now(),
    })
    .returning({ id: mediaFiles.id });
  return row!.id;
}

async function findMedia(deps: AppDeps, user: SessionUser, mediaId: number) {
  const [row] = await deps.db.select().from(mediaFiles).where(eq(mediaFiles.id, mediaId));
  if (!row) throw notFound(MEDIA.mediaNotFound);
  await requireProject(deps, user, row.projectId, MEDIA.mediaNotFound);
  return row;
}

/** Admins only; refused with 409 while a live stream plays the file. Removes the row, then the files. */
export async function deleteMedia(deps: AppDeps, user: SessionUser, mediaId: number) {
  requirePermission(user, "media.delete");
  const row = await findMedia(deps, user, mediaId);
  const [preparation] = await deps.db
    .select({ name: mediaPreparations.outputName })
    .from(mediaPreparations)
    .where(eq(mediaPreparations.mediaId, mediaId));
  const prepared = preparation?.name;
  // Check and delete in one transaction, so a stream cannot start on the file in between. On
  // PostgreSQL the file's row is locked first: a row that points at it waits for the delete, and a
  // holder being written now is waited for and then seen.
  await deps.db.transaction(async (tx) => {
    await forUpdate(tx.select({ id: mediaFiles.id }).from(mediaFiles).where(eq(mediaFiles.id, mediaId)));
    // A live stream, a playlist or a broadcast window that holds the file keeps it.
    for (const hold of deps.mediaHolds) {
      const refusal = await hold(tx, mediaId);
      if (refusal !== null) throw conflict(refusal);
    }
    await tx.delete(mediaFiles).where(eq(mediaFiles.id, mediaId));
  });
  const paths = mediaPaths(deps.env.DATA_DIR);
  await Promise.all([
    removeQuietly(paths.file(row.storedName)),
    removeQuietly(row.posterName ? paths.poster(row.posterName) : null),
    removeQuietly(prepared ? join(paths.prepared, prepared) : null),
  ]);
  return { success: true as const, message: MEDIA.deleted };
}

export interface ServedFile {
  path: string;
  mimeType: string;
  size: number;
  originalName: string;
}

/** The stored file for viewing, for users who can reach its project. */
export async function mediaForViewing(
  deps: AppDeps,
  user: SessionUser,
  mediaId: number,
): Promise<ServedFile> {
  const row = await findMedia(deps, user, mediaId);
  const path = mediaPaths(deps.env.DATA_DIR).file(row.storedName);
  // Only a regular file of the media folder is served: a link planted there reads like a missing file.
  const info = await regularFile(path);
  if (!info) throw notFound(MEDIA.mediaNotFound);
  return { path, mimeType: row.mimeType, size: info.size, originalName: row.originalName };
}

/** The poster frame taken at upload, for users who can reach the project. */
export async function posterForViewing(deps: AppDeps, user: SessionUser, mediaId: number) {
  const row = await findMedia(deps, user, mediaId);
  if (!row.posterName) throw notFound(MEDIA.mediaNotFound);
  const path = mediaPaths(deps.env.DATA_DIR).poster(row.posterName);
  if (!(await regularFile(path))) throw notFound(MEDIA.mediaNotFound);
  return { path };
}
