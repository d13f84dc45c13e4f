import type { AppDeps } from "@server/deps";
import { requirePermission, requireProject, seesProject } from "@server/features/projects";
import { liveStatusFilter } from "@server/features/streaming/stream-store";
import type { Db } from "@server/platform/db/client";
import { forUpdate } from "@server/platform/db/portable";
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

async function view(db: Db, row: PlaylistRow): Promise<PlaylistView> {
  const items = (await playlistMedia(db, row.id)).map((m) => ({
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
export async function findPlaylist(deps: AppDeps, user: SessionUser, id: number): Promise<PlaylistRow> {
  const [row] = await deps.db.select().from(playlists).where(eq(playlists.id, id));
  if (!row) throw notFound(PLAYLISTS.notFound);
  await requireProject(deps, user, row.projectId, PLAYLISTS.notFound);
  return row;
}

export async function listPlaylists(
  deps: AppDeps,
  user: SessionUser,
  projectId: number,
): Promise<PlaylistView[]> {
  await requireProject(deps, user, projectId);
  const rows = await deps.db
    .select()
    .from(playlists)
    .where(eq(playlists.projectId, projectId))
    .orderBy(asc(playlists.name), asc(playlists.id));
  return Promise.all(rows.map((row) => view(deps.db, row)));
}

/**
 * Every id must be a video of this project; refused as a whole otherwise. Another project's video is
 * called that only for someone who may see that project; for anyone else it reads as missing.
 */
async function checkMedia(deps: AppDeps, user: SessionUser, projectId: number, ids: number[]): Promise<void> {
  const rows = await deps.db
    .select()
    .from(mediaFiles)
    .where(inArray(mediaFiles.id, [...new Set(ids)]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const media = byId.get(id);
    if (!media) throw badRequest(PLAYLISTS.mediaNotFound, { media_id: id });
    if (media.projectId !== projectId) {
      const text = (await seesProject(deps, user, media.projectId))
        ? PLAYLISTS.mediaOtherProject
        : PLAYLISTS.mediaNotFound;
      throw badRequest(text, { media_id: id });
    }
    if (media.kind !== "video") throw badRequest(PLAYLISTS.mediaNotVideo, { media_id: id });
  }
}

async function writeItems(db: Query, playlistId: number, ids: number[]): Promise<void> {
  await db.delete(playlistItems).where(eq(playlistItems.playlistId, playlistId));
  await db.insert(playlistItems).values(ids.map((mediaId, position) => ({ playlistId, position, mediaId })));
}

export async function createPlaylist(
  deps: AppDeps,
  user: SessionUser,
  input: CreatePlaylistInput,
): Promise<PlaylistView> {
  await requireProject(deps, user, input.project_id);
  requirePermission(user, "playlist.manage", PLAYLISTS.forbidden);
  await checkMedia(deps, user, input.project_id, input.media_ids);
  const at = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(playlists)
      .values({
        projectId: input.project_id,
        name: input.name,
        createdBy: user.id,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await writeItems(tx, created!.id, input.media_ids);
    return created!;
  });
  return view(deps.db, row);
}

/** Live streams playing this playlist. */
export async function liveStreamsOf(db: Query, playlistId: number): Promise<number[]> {
  const rows = await db
    .select({ id: streams.id })
    .from(streams)
    .where(and(eq(streams.playlistId, playlistId), liveStatusFilter()));
  return rows.map((r) => r.id);
}

/** A change on air is written to the stream's list file and plays from the next loop on. */
export async function updatePlaylist(
  deps: AppDeps,
  user: SessionUser,
  input: UpdatePlaylistInput,
): Promise<PlaylistView> {
  const row = await findPlaylist(deps, user, input.id);
  requirePermission(user, "playlist.manage", PLAYLISTS.forbidden);
  if (input.media_ids) await checkMedia(deps, user, row.projectId, input.media_ids);
  const updated = await deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(playlists)
      .set({ ...(input.name ? { name: input.name } : {}), updatedAt: deps.now() })
      .where(eq(playlists.id, row.id))
      .returning();
    if (input.media_ids) await writeItems(tx, row.id, input.media_ids);
    return changed;
  });
  // Deleted meanwhile by someone else: gone, like any missing playlist.
  if (!updated) throw notFound(PLAYLISTS.notFound);
  if (input.media_ids) {
    for (const streamId of await liveStreamsOf(deps.db, row.id))
      await deps.supervisor.playlistChanged(streamId);
  }
  return view(deps.db, updated);
}

export async function deletePlaylist(deps: AppDeps, user: SessionUser, id: number) {
  const row = await findPlaylist(deps, user, id);
  requirePermission(user, "playlist.manage", PLAYLISTS.forbidden);
  // Checked and deleted in one transaction with the playlist locked, so a stream cannot start on it
  // in between (on PostgreSQL the stream's insert waits for the lock through its foreign key).
  await deps.db.transaction(async (tx) => {
    await forUpdate(tx.select({ id: playlists.id }).from(playlists).where(eq(playlists.id, row.id)));
    if ((await liveStreamsOf(tx, row.id)).length > 0) throw conflict(PLAYLISTS.onAirDelete);
    const scheduled = await deps.scheduleLinks.playlistHold(tx, row.id);
    if (scheduled !== null) throw conflict(scheduled);
    await tx.delete(playlists).where(eq(playlists.id, row.id));
  });
  return { success: true as const };
}
