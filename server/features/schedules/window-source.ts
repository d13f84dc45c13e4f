import type { AppDeps } from "@server/deps";
import type { DestinationRow, StreamRow } from "@server/features/streaming";
import { recordAndLaunch, sourceFor } from "@server/features/streaming";
import { playlists } from "@server/platform/db/schema";
import { badRequest } from "@server/platform/errors";
import { SCHEDULES } from "@shared/messages/schedules";
import { eq } from "drizzle-orm";
import type { ScheduleRow } from "./rules";

// What a window plays: one media file or one playlist of the destination's project.

/** The playlist's name; 400 unless playlist `playlistId` belongs to project `projectId`. */
export function requireProjectPlaylist(deps: AppDeps, projectId: number, playlistId: number): string {
  const row = deps.db.select().from(playlists).where(eq(playlists.id, playlistId)).get();
  if (!row || row.projectId !== projectId) throw badRequest(SCHEDULES.playlistUnknown);
  return row.name;
}

/** Starts the window's file or playlist with the same checks as a person's start, credited to no one. */
export function launchWindow(deps: AppDeps, destination: DestinationRow, row: ScheduleRow): StreamRow {
  const input = row.mediaId !== null ? { mediaId: row.mediaId } : { playlistId: row.playlistId ?? 0 };
  return recordAndLaunch(deps, {
    destination,
    startedBy: null,
    scheduleId: row.id,
    ...sourceFor(deps, null, destination, input),
  });
}
