import type { AppDeps } from "@server/deps";
import { mediaPaths } from "@server/features/media";
import { seesProject } from "@server/features/projects";
import { loadPlaylist } from "@server/features/streaming/playlists/playlist-rows";
import { lockUntilCommit } from "@server/platform/db/portable";
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
export async function requireProjectVideo(
  deps: AppDeps,
  seer: SessionUser | null,
  projectId: number,
  media: MediaRow | undefined,
): Promise<MediaRow> {
  if (!media) throw badRequest(STREAMING.mediaNotFound);
  if (media.projectId !== projectId)
    throw badRequest(
      (await seesProject(deps, seer, media.projectId))
        ? STREAMING.mediaOtherProject
        : STREAMING.mediaNotFound,
    );
  if (media.kind !== "video") throw badRequest(STREAMING.mediaNotVideo);
  return media;
}

async function checkMedia(
  deps: AppDeps,
  seer: SessionUser | null,
  destination: DestinationRow,
  media: MediaRow | undefined,
): Promise<MediaRow> {
  const video = await requireProjectVideo(deps, seer, destination.projectId, media);
  // Refused now rather than accepted and failed a moment later by the supervisor. With other nodes up
  // the file may be there for them (a mount missing on this machine only): one of them takes it.
  if (fileMissing(deps, video) && !(await deps.leases?.othersUp()))
    throw conflict(STREAMING.mediaFileMissingStart);
  return video;
}

/**
 * The media file or playlist to play, checked against the destination's project; `seer` is who asks
 * (null for a window starting on its own).
 */
export async function sourceFor(
  deps: AppDeps,
  seer: SessionUser | null,
  destination: DestinationRow,
  input: StreamSourceInput,
): Promise<streamStore.StreamSource> {
  if ("mediaId" in input) {
    const [media] = await deps.db.select().from(mediaFiles).where(eq(mediaFiles.id, input.mediaId));
    return { media: await checkMedia(deps, seer, destination, media) };
  }
  const [row] = await deps.db.select().from(playlists).where(eq(playlists.id, input.playlistId));
  // Another project's playlist reads as a missing one, like everything across organizations.
  if (!row || row.projectId !== destination.projectId) throw badRequest(PLAYLISTS.notFound);
  const playlist = await loadPlaylist(deps.db, row.id);
  if (!playlist || playlist.items.length === 0) throw badRequest(PLAYLISTS.empty);
  for (const media of playlist.items) await checkMedia(deps, seer, destination, media);
  return { playlist };
}

/**
 * Records the stream as starting and hands it to the supervisor, after the checks that hold for
 * anyone (destination free, server limit). Checked and inserted in one transaction that holds the
 * starts' lock, so no other start (of this server or of another on the same database) slips in between.
 */
export async function recordAndLaunch(
  deps: AppDeps,
  v: {
    destination: DestinationRow;
    startedBy: number | null;
    scheduleId?: number | null;
  } & streamStore.StreamSource,
): Promise<streamStore.StreamRow> {
  const { destination } = v;
  const launch = { ...v, startedAt: deps.now() };
  const stream = await deps.db.transaction(async (tx) => {
    await lockUntilCommit(tx, "stream starts");
    if ((await liveStreamsByDestination({ db: tx }, [destination.id])).has(destination.id))
      throw conflict(STREAMING.destinationBusy);
    const max = deps.env.MAX_CONCURRENT_STREAMS;
    if (max !== undefined) {
      const current = (
        await tx.select({ id: streams.id }).from(streams).where(streamStore.liveStatusFilter())
      ).length;
      if (current >= max) {
        throw new AppError("TOO_MANY_REQUESTS", STREAMING.limitReached, {
          currentStreams: current,
          maxStreams: max,
        });
      }
    }
    const row = await streamStore.insertStarting(tx, launch);
    // From now the destination is meant to be live, by a person or by a window: its uptime counts.
    await openIntent(tx, destination.id, v.scheduleId ? "schedule" : "user", row.startedAt);
    return row;
  });
  await deps.supervisor.launch({ ...launch, stream });
  return stream;
}

/**
 * Starts a destination without a user session (a schedule): the same checks on the media or the
 * playlist and on the destination, no role check. `startedBy` is whom to credit, or null.
 */
export async function startStreamUnattended(
  deps: AppDeps,
  input: { destinationId: number; startedBy: number | null } & StreamSourceInput,
): Promise<streamStore.StreamRow> {
  const [destination] = await deps.db
    .select()
    .from(destinations)
    .where(eq(destinations.id, input.destinationId));
  if (!destination) throw notFound(STREAMING.destinationNotFound);
  return recordAndLaunch(deps, {
    destination,
    startedBy: input.startedBy,
    ...(await sourceFor(deps, null, destination, input)),
  });
}
