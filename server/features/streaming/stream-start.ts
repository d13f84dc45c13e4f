import type { AppDeps } from "@server/deps";
import { mediaPaths } from "@server/features/media";
import { seesProject } from "@server/features/projects";
import { loadPlaylist } from "@server/features/streaming/playlists/playlist-rows";
import { destinations, mediaFiles, playlists, streams } from "@server/platform/db/schema";
import { AppError, badRequest, conflict, notFound } from "@server/platform/errors";
import { isRegularFileSync } from "@server/platform/files/regular";
import { PLAYLISTS } from "@shared/messages/playlists";
import { STREAMING } from "@shared/messages/streaming";
import type { StreamSourceInput } from "@shared/schemas/streaming";
import type { SessionUser } from "@shared/types";
import { eq } from "drizzle-orm";
import * as streamStore from "./stream-store";
import { liveStreamsByDestination } from "./stream-views";
import { openIntent } from "./uptime-store";

type DestinationRow = streamStore.DestinationRow;
type MediaRow = streamStore.MediaRow;

/** The checks every start makes, whoever asks. */
const fileMissing = (deps: AppDeps, media: MediaRow) =>
  !isRegularFileSync(mediaPaths(deps.env.DATA_DIR).file(media.storedName));

/**
 * The file, if it is a video of project `projectId`; 400 otherwise. Another project's file is called
 * that only for someone who may see that project; for anyone else it reads exactly like a missing
 * one, so ids of other organizations cannot be probed.
 */
export function requireProjectVideo(
  deps: AppDeps,
  seer: SessionUser | null,
  projectId: number,
  media: MediaRow | undefined,
): MediaRow {
  if (!media) throw badRequest(STREAMING.mediaNotFound);
  if (media.projectId !== projectId)
    throw badRequest(
      seesProject(deps, seer, media.projectId) ? STREAMING.mediaOtherProject : STREAMING.mediaNotFound,
    );
  if (media.kind !== "video") throw badRequest(STREAMING.mediaNotVideo);
  return media;
}

function checkMedia(
  deps: AppDeps,
  seer: SessionUser | null,
  destination: DestinationRow,
  media: MediaRow | undefined,
): MediaRow {
  const video = requireProjectVideo(deps, seer, destination.projectId, media);
  // Refused now rather than accepted and failed a moment later by the supervisor.
  if (fileMissing(deps, video)) throw conflict(STREAMING.mediaFileMissingStart);
  return video;
}

/**
 * The media file or playlist to play, checked against the destination's project; `seer` is who asks
 * (null for a window starting on its own).
 */
export function sourceFor(
  deps: AppDeps,
  seer: SessionUser | null,
  destination: DestinationRow,
  input: StreamSourceInput,
): streamStore.StreamSource {
  if ("mediaId" in input) {
    const media = deps.db.select().from(mediaFiles).where(eq(mediaFiles.id, input.mediaId)).get();
    return { media: checkMedia(deps, seer, destination, media) };
  }
  const row = deps.db.select().from(playlists).where(eq(playlists.id, input.playlistId)).get();
  // Another project's playlist reads as a missing one, like everything across organizations.
  if (!row || row.projectId !== destination.projectId) throw badRequest(PLAYLISTS.notFound);
  const playlist = loadPlaylist(deps.db, row.id);
  if (!playlist || playlist.items.length === 0) throw badRequest(PLAYLISTS.empty);
  for (const media of playlist.items) checkMedia(deps, seer, destination, media);
  return { playlist };
}

/**
 * Records the stream as starting and hands it to the supervisor, after the checks that hold for
 * anyone (destination free, server limit). Checked and inserted without an await in between:
 * bun:sqlite is synchronous, so no request slips in.
 */
export function recordAndLaunch(
  deps: AppDeps,
  v: {
    destination: DestinationRow;
    startedBy: number | null;
    scheduleId?: number | null;
  } & streamStore.StreamSource,
): streamStore.StreamRow {
  const { destination } = v;
  if (liveStreamsByDestination(deps, [destination.id]).has(destination.id))
    throw conflict(STREAMING.destinationBusy);
  const max = deps.env.MAX_CONCURRENT_STREAMS;
  if (max !== undefined) {
    const current = deps.db
      .select({ id: streams.id })
      .from(streams)
      .where(streamStore.liveStatusFilter())
      .all().length;
    if (current >= max) {
      throw new AppError("TOO_MANY_REQUESTS", STREAMING.limitReached, {
        currentStreams: current,
        maxStreams: max,
      });
    }
  }
  const launch = { ...v, startedAt: deps.now() };
  const stream = streamStore.insertStarting(deps.db, launch);
  // From now the destination is meant to be live, by a person or by a window: its uptime counts.
  openIntent(deps.db, destination.id, v.scheduleId ? "schedule" : "user", stream.startedAt);
  deps.supervisor.launch({ ...launch, stream });
  return stream;
}

/**
 * Starts a destination without a user session (a schedule): the same checks on the media or the
 * playlist and on the destination, no role check. `startedBy` is whom to credit, or null.
 */
export function startStreamUnattended(
  deps: AppDeps,
  input: { destinationId: number; startedBy: number | null } & StreamSourceInput,
): streamStore.StreamRow {
  const destination = deps.db
    .select()
    .from(destinations)
    .where(eq(destinations.id, input.destinationId))
    .get();
  if (!destination) throw notFound(STREAMING.destinationNotFound);
  return recordAndLaunch(deps, {
    destination,
    startedBy: input.startedBy,
    ...sourceFor(deps, null, destination, input),
  });
}
