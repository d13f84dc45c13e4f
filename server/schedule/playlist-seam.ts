import { SCHEDULES } from "../../shared/messages/schedules";
import type { AppDeps } from "../deps";
import { badRequest } from "../errors";
import type { DestinationRow, StreamRow } from "../streaming/stream-store";

// Where a window that names a playlist meets the playlist code. Until playlists exist, both refuse:
// no playlist can be named, so none can be started.

/** Throws 400 unless playlist `playlistId` belongs to project `projectId`. */
export function requireProjectPlaylist(_deps: AppDeps, _projectId: number, _playlistId: number): void {
  throw badRequest(SCHEDULES.playlistUnknown);
}

/** Starts the playlist on the destination for a window, like launchStream does for one file. */
export function launchScheduledPlaylist(
  _deps: AppDeps,
  _destination: DestinationRow,
  _playlistId: number,
  _by: { startedBy: null; scheduleId: number },
): StreamRow {
  throw badRequest(SCHEDULES.playlistUnknown);
}
