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
export async function requireProjectPlaylist(
  deps: AppDeps,
  projectId: number,
  playlistId: number,
): Promise<string> {
  const [row] = await deps.db.select().from(playlists).where(eq(playlists.id, playlistId));
  if (!row || row.projectId !== projectId) throw badRequest(SCHEDULES.playlistUnknown);
  return row.name;
}

/** Starts the window's file or playlist with the same checks as a person's start, credited to no one. */
export async function launchWindow(
  deps: AppDeps,
  destination: DestinationRow,
  row: ScheduleRow,
): Promise<StreamRow> {
  const input = row.mediaId !== null ? { mediaId: row.mediaId } : { playlistId: row.playlistId ?? 0 };
  return recordAndLaunch(deps, {
    destination,
    startedBy: null,
    scheduleId: row.id,
    ...(await sourceFor(deps, null, destination, input)),
  });
}
