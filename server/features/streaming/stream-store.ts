import { loadPlaylist, type PlaylistRows } from "@server/features/streaming/playlists/playlist-rows";
import type { Db } from "@server/platform/db/client";
import { destinations, mediaFiles, streams } from "@server/platform/db/schema";
import { STREAMING } from "@shared/messages/streaming";
import { isLive, LIVE_STATUSES } from "@shared/schemas/streaming";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";

// The only writer of stream rows. The row is the truth every other part reads (the pages, the
// dashboard, the next server run), so each change of a stream's life is written here, in one place.

export type StreamRow = typeof streams.$inferSelect;
export type DestinationRow = typeof destinations.$inferSelect;
export type MediaRow = typeof mediaFiles.$inferSelect;

/** What a stream plays: one media file, or a playlist of them. */
export type StreamSource = { media: MediaRow; playlist?: null } | { media?: null; playlist: PlaylistRows };

/** What a launch needs, loaded once by whoever decided to start the stream. */
export type LaunchRows = {
  stream: StreamRow;
  destination: DestinationRow;
  /** Seconds into one play where the first run starts: set when a server start resumes a stream. */
  resumeSeconds?: number;
} & StreamSource;

/** The SQL condition for a live stream (LIVE_STATUSES). */
export const liveStatusFilter = () => inArray(streams.status, [...LIVE_STATUSES]);

const set = async (db: Db, id: number, values: Partial<typeof streams.$inferInsert>): Promise<void> => {
  await db.update(streams).set(values).where(eq(streams.id, id));
};

/** A new stream, recorded as starting: the one place a stream row is created. */
export async function insertStarting(
  db: Db,
  v: {
    destination: DestinationRow;
    startedBy: number | null;
    startedAt: number;
    scheduleId?: number | null;
  } & StreamSource,
): Promise<StreamRow> {
  // A playlist's name stands in the media name too, so every list of streams can show it as is.
  const played = v.media
    ? { mediaId: v.media.id, mediaName: v.media.originalName, mediaSize: v.media.fileSize }
    : {
        mediaName: v.playlist.name,
        mediaSize: v.playlist.items.reduce((sum, m) => sum + m.fileSize, 0),
        playlistId: v.playlist.id,
        playlistName: v.playlist.name,
      };
  const [row] = await db
    .insert(streams)
    .values({
      projectId: v.destination.projectId,
      destinationId: v.destination.id,
      ...played,
      destinationName: v.destination.name,
      destinationType: v.destination.type,
      status: "starting",
      startedBy: v.startedBy,
      startedAt: v.startedAt,
      scheduleId: v.scheduleId ?? null,
    })
    .returning();
  return row!;
}

/** The stream, its destination and its media as they are now; a string says which one is gone. */
export async function loadLaunch(db: Db, streamId: number): Promise<LaunchRows | string> {
  const [stream] = await db.select().from(streams).where(eq(streams.id, streamId));
  if (!stream) return STREAMING.streamNotFound;
  const destination = stream.destinationId
    ? (await db.select().from(destinations).where(eq(destinations.id, stream.destinationId)))[0]
    : undefined;
  if (!destination) return STREAMING.destinationNotFound;
  if (stream.playlistId !== null || stream.playlistName !== null) {
    const playlist = stream.playlistId ? await loadPlaylist(db, stream.playlistId) : null;
    if (!playlist || playlist.items.length === 0) return STREAMING.playlistNotFound;
    return { stream, destination, playlist };
  }
  const media = stream.mediaId
    ? (await db.select().from(mediaFiles).where(eq(mediaFiles.id, stream.mediaId)))[0]
    : undefined;
  if (!media) return STREAMING.mediaNotFound;
  return { stream, destination, media };
}

/** The stream's destination as it is set now (auto-restart may have been switched since the start). */
export async function destinationOf(db: Db, streamId: number): Promise<DestinationRow | undefined> {
  const [row] = await db
    .select({ destination: destinations })
    .from(streams)
    .innerJoin(destinations, eq(destinations.id, streams.destinationId))
    .where(eq(streams.id, streamId));
  return row?.destination;
}

/** Which of these streams' destinations auto-restart (as they are set now). */
export async function autorestartOf(db: Db, streamIds: number[]): Promise<Set<number>> {
  if (streamIds.length === 0) return new Set();
  const rows = await db
    .select({ id: streams.id })
    .from(streams)
    .innerJoin(destinations, eq(destinations.id, streams.destinationId))
    .where(and(inArray(streams.id, streamIds), eq(destinations.autorestart, true)));
  return new Set(rows.map((r) => r.id));
}

/** Which of these stream rows still exist (a project's deletion removes its rows). */
export async function existingIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: streams.id }).from(streams).where(inArray(streams.id, ids));
  return new Set(rows.map((r) => r.id));
}

export const recordPid = (db: Db, id: number, pid: number) => set(db, id, { pid });
export const markRunning = (db: Db, id: number) => set(db, id, { status: "running" });
/** When the current play's start went out (see resume-point.ts): once per run, at its first frame. */
export const recordPlayOrigin = (db: Db, id: number, at: number) =>
  set(db, id, { playOriginAt: Math.round(at) });
export const markStopping = (db: Db, id: number) => set(db, id, { status: "stopping" });

/**
 * A failure: counted, with its message and time. A stream that will be retried stays starting (it
 * still holds its destination); one that will not turns to error. Answers the new count, or null
 * when the row is gone.
 */
export async function recordFailure(
  db: Db,
  id: number,
  f: { message: string; at: number; retry: boolean },
): Promise<number | null> {
  const [row] = await db
    .update(streams)
    .set({
      errorCount: sql`${streams.errorCount} + 1`,
      lastErrorMessage: f.message,
      lastErrorTime: f.at,
      pid: null,
      ...(f.retry ? { status: "starting" as const } : { status: "error" as const, stoppedAt: f.at }),
    })
    .where(eq(streams.id, id))
    .returning({ errorCount: streams.errorCount });
  return row?.errorCount ?? null;
}

/** A reconnect on purpose: counted apart from failures. Answers the new count, or null when the row is gone. */
export async function recordPlannedReconnect(db: Db, id: number, at: number): Promise<number | null> {
  const [row] = await db
    .update(streams)
    .set({ plannedReconnects: sql`${streams.plannedReconnects} + 1`, lastPlannedReconnectAt: at, pid: null })
    .where(eq(streams.id, id))
    .returning({ count: streams.plannedReconnects });
  return row?.count ?? null;
}

/** Ended in error without a new failure (auto-restart was switched off while it waited). */
export const markError = (db: Db, id: number, at: number) =>
  set(db, id, { status: "error", stoppedAt: at, pid: null });

/** Stopped on request; `resumeOnStart` asks the next server run to start it again. */
export const markStopped = (db: Db, id: number, at: number, resumeOnStart = false) =>
  set(db, id, { status: "stopped", stoppedAt: at, pid: null, resumeOnStart });

/** Records the end of a row that is live but has no process here (left by a crashed run). */
export async function stopIfLive(db: Db, id: number, at: number): Promise<void> {
  await db
    .update(streams)
    .set({ status: "stopped", stoppedAt: at, pid: null })
    .where(and(eq(streams.id, id), liveStatusFilter()));
}

/** Rows a previous server run left live, or marked to resume at its graceful shutdown. */
export async function leftByLastRun(db: Db): Promise<StreamRow[]> {
  return await db
    .select()
    .from(streams)
    .where(or(liveStatusFilter(), eq(streams.resumeOnStart, true)))
    .orderBy(asc(streams.id));
}

/** Closes a row of a previous run: stopped with a note if it was live, and no longer to resume. */
export async function closeLeftover(db: Db, row: StreamRow, at: number): Promise<void> {
  const wasLive = isLive(row.status);
  await set(db, row.id, {
    resumeOnStart: false,
    ...(wasLive
      ? { status: "stopped", stoppedAt: at, pid: null, lastErrorMessage: STREAMING.stoppedOnRestart }
      : {}),
  });
}

export async function deleteRow(db: Db, id: number): Promise<void> {
  await db.delete(streams).where(eq(streams.id, id));
}

/** Removes the stopped or failed records of one project, or of all when none is given; answers how many. */
export async function deleteEnded(db: Db, projectId?: number): Promise<number> {
  const ended = inArray(streams.status, ["stopped", "error"]);
  const gone = await db
    .delete(streams)
    .where(projectId === undefined ? ended : and(ended, eq(streams.projectId, projectId)))
    .returning({ id: streams.id });
  return gone.length;
}
