import type { AppDeps } from "@server/deps";
import { requirePermission, requireProject, seesProject } from "@server/features/projects";
import { liveStatusFilter } from "@server/features/streaming/stream-store";
import type { Db } from "@server/platform/db/client";
import { mediaFiles, playlistItems, playlists, streams } from "@server/platform/db/schema";
import { badRequest, conflict, notFound } from "@server/platform/errors";
import { iso } from "@server/platform/iso";
import { PLAYLISTS } from "@shared/messages/playlists";
import type { CreatePlaylistInput, PlaylistView, UpdatePlaylistInput } from "@shared/schemas/playlists";
import type { SessionUser } from "@shared/types";
import { and, asc, eq, inArray } from "drizzle-orm";
import { playlistMedia } from "./playlist-rows";

/** The database or a transaction on it: both read and write alike. */
type Query = Pick<Db, "select" | "insert" | "update" | "delete">;

type PlaylistRow = typeof playlists.$inferSelect;

function view(db: Db, row: PlaylistRow): PlaylistView {
  const items = playlistMedia(db, row.id).map((m) => ({
    media_id: m.id,
    name: m.originalName,
    duration_seconds: m.durationSeconds ?? 0,
  }));
  return {
    id: row.id,
    project_id: row.projectId,
    name: row.name,
    items,
    total_duration_seconds: items.reduce((sum, i) => sum + i.duration_seconds, 0),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** The playlist, if the user may see its project; another organization's reads as missing. */
export function findPlaylist(deps: AppDeps, user: SessionUser, id: number): PlaylistRow {
  const row = deps.db.select().from(playlists).where(eq(playlists.id, id)).get();
  if (!row) throw notFound(PLAYLISTS.notFound);
  requireProject(deps, user, row.projectId, PLAYLISTS.notFound);
  return row;
}

export function listPlaylists(deps: AppDeps, user: SessionUser, projectId: number): PlaylistView[] {
  requireProject(deps, user, projectId);
  return deps.db
    .select()
    .from(playlists)
    .where(eq(playlists.projectId, projectId))
    .orderBy(asc(playlists.name), asc(playlists.id))
    .all()
    .map((row) => view(deps.db, row));
}

/**
 * Every id must be a video of this project; refused as a whole otherwise. Another project's video is
 * called that only for someone who may see that project; for anyone else it reads as missing.
 */
function checkMedia(deps: AppDeps, user: SessionUser, projectId: number, ids: number[]): void {
  const rows = deps.db
    .select()
    .from(mediaFiles)
    .where(inArray(mediaFiles.id, [...new Set(ids)]))
    .all();
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const media = byId.get(id);
    if (!media) throw badRequest(PLAYLISTS.mediaNotFound, { media_id: id });
    if (media.projectId !== projectId) {
      const text = seesProject(deps, user, media.projectId)
        ? PLAYLISTS.mediaOtherProject
        : PLAYLISTS.mediaNotFound;
      throw badRequest(text, { media_id: id });
    }
    if (media.kind !== "video") throw badRequest(PLAYLISTS.mediaNotVideo, { media_id: id });
  }
}

function writeItems(db: Query, playlistId: number, ids: number[]): void {
  db.delete(playlistItems).where(eq(playlistItems.playlistId, playlistId)).run();
  db.insert(playlistItems)
    .values(ids.map((mediaId, position) => ({ playlistId, position, mediaId })))
    .run();
}

export function createPlaylist(deps: AppDeps, user: SessionUser, input: CreatePlaylistInput): PlaylistView {
  requireProject(deps, user, input.project_id);
  requirePermission(user, "playlist.manage", PLAYLISTS.forbidden);
  checkMedia(deps, user, input.project_id, input.media_ids);
  const at = deps.now();
  const row = deps.db.transaction((tx) => {
    const created = tx
      .insert(playlists)
      .values({
        projectId: input.project_id,
        name: input.name,
        createdBy: user.id,
        createdAt: at,
        updatedAt: at,
      })
      .returning()
      .get();
    writeItems(tx, created.id, input.media_ids);
    return created;
  });
  return view(deps.db, row);
}

/** Live streams playing this playlist. */
export function liveStreamsOf(db: Query, playlistId: number): number[] {
  return db
    .select({ id: streams.id })
    .from(streams)
    .where(and(eq(streams.playlistId, playlistId), liveStatusFilter()))
    .all()
    .map((r) => r.id);
}

/** A change on air is written to the stream's list file and plays from the next loop on. */
export function updatePlaylist(deps: AppDeps, user: SessionUser, input: UpdatePlaylistInput): PlaylistView {
  const row = findPlaylist(deps, user, input.id);
  requirePermission(user, "playlist.manage", PLAYLISTS.forbidden);
  if (input.media_ids) checkMedia(deps, user, row.projectId, input.media_ids);
  deps.db.transaction((tx) => {
    tx.update(playlists)
      .set({ ...(input.name ? { name: input.name } : {}), updatedAt: deps.now() })
      .where(eq(playlists.id, row.id))
      .run();
    if (input.media_ids) writeItems(tx, row.id, input.media_ids);
  });
  if (input.media_ids) {
    for (const streamId of liveStreamsOf(deps.db, row.id)) deps.supervisor.playlistChanged(streamId);
  }
  return view(deps.db, deps.db.select().from(playlists).where(eq(playlists.id, row.id)).get()!);
}

export function deletePlaylist(deps: AppDeps, user: SessionUser, id: number) {
  const row = findPlaylist(deps, user, id);
  requirePermission(user, "playlist.manage", PLAYLISTS.forbidden);
  // Checked and deleted in one transaction, so a stream cannot start on it in between.
  deps.db.transaction((tx) => {
    if (liveStreamsOf(tx, row.id).length > 0) throw conflict(PLAYLISTS.onAirDelete);
    const scheduled = deps.scheduleLinks.playlistHold(tx, row.id);
    if (scheduled !== null) throw conflict(scheduled);
    tx.delete(playlists).where(eq(playlists.id, row.id)).run();
  });
  return { success: true as const };
}
