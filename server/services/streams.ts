import { existsSync } from "node:fs";
import { count, desc, eq } from "drizzle-orm";
import { STREAMING } from "../../shared/messages/streaming";
import {
  type ClearEndedTarget,
  isLive,
  type StreamRecord,
  type StreamStatusAnswer,
} from "../../shared/schemas/streaming";
import type { SessionUser } from "../../shared/types";
import { destinations, mediaFiles, streams } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError, badRequest, conflict, notFound } from "../errors";
import { closeIntent, openIntent } from "../health/uptime-store";
import { mediaPaths } from "../media/storage";
import * as streamStore from "../streaming/stream-store";
import { requirePermission, requireProject } from "./access";
import { findDestination } from "./destinations";
import {
  destinationAutorestart,
  liveStreamsByDestination,
  type RecordContext,
  streamRecord,
} from "./stream-views";

/** How many history rows streams/status answers: the newest ones. */
export const HISTORY_LIMIT = 200;

export function liveStreamCount(deps: AppDeps): number {
  return deps.db.select({ n: count() }).from(streams).where(streamStore.liveStatusFilter()).get()?.n ?? 0;
}

/** Checks everything, records the stream as starting and hands it to the supervisor. */
export function startStream(
  deps: AppDeps,
  user: SessionUser,
  input: { destinationId: number; mediaId: number },
): StreamRecord {
  const destination = findDestination(deps, user, input.destinationId);
  requirePermission(user, "stream.control", STREAMING.forbiddenStart);
  const media = deps.db.select().from(mediaFiles).where(eq(mediaFiles.id, input.mediaId)).get();
  if (!media) throw badRequest(STREAMING.mediaNotFound);
  if (media.projectId !== destination.projectId) throw badRequest(STREAMING.mediaOtherProject);
  if (media.kind !== "video") throw badRequest(STREAMING.mediaNotVideo);
  // Refused now rather than accepted and failed a moment later by the supervisor.
  if (!existsSync(mediaPaths(deps.env.DATA_DIR).file(media.storedName))) {
    throw conflict(STREAMING.mediaFileMissingStart);
  }
  if (liveStreamsByDestination(deps, [destination.id]).has(destination.id))
    throw conflict(STREAMING.destinationBusy);
  // Checked and inserted without an await in between: bun:sqlite is synchronous, so no request slips in.
  const max = deps.env.MAX_CONCURRENT_STREAMS;
  if (max !== undefined) {
    const current = liveStreamCount(deps);
    if (current >= max) {
      throw new AppError("TOO_MANY_REQUESTS", STREAMING.limitReached, {
        currentStreams: current,
        maxStreams: max,
      });
    }
  }
  const stream = streamStore.insertStarting(deps.db, {
    destination,
    media,
    startedBy: user.id,
    startedAt: deps.now(),
  });
  openIntent(deps.db, destination.id, "user", stream.startedAt);
  deps.supervisor.launch({ stream, destination, media });
  return streamRecord(stream, destination.autorestart, recordContext(deps));
}

/** The answer mapper gets the figures handed in, so it never calls into the supervisor itself. */
const recordContext = (deps: AppDeps): RecordContext => ({
  now: deps.now(),
  live: (streamId) => deps.supervisor.live(streamId),
});

function findStream(deps: AppDeps, user: SessionUser, id: number) {
  const row = deps.db.select().from(streams).where(eq(streams.id, id)).get();
  if (!row) throw notFound(STREAMING.streamNotFound);
  try {
    requireProject(deps, user, row.projectId);
  } catch {
    throw notFound(STREAMING.streamNotFound);
  }
  return row;
}

/** Stops a live stream and answers its record; stopping an ended stream answers it unchanged. */
export async function stopStream(deps: AppDeps, user: SessionUser, streamId: number): Promise<StreamRecord> {
  const stream = findStream(deps, user, streamId);
  requirePermission(user, "stream.control", STREAMING.forbiddenStop);
  if (stream.destinationId) closeIntent(deps.db, stream.destinationId, deps.now());
  await deps.supervisor.stop(streamId);
  const row = deps.db.select().from(streams).where(eq(streams.id, streamId)).get()!;
  return streamRecord(row, destinationAutorestart(deps, row.destinationId), recordContext(deps));
}

export function deleteStream(deps: AppDeps, user: SessionUser, id: number) {
  const row = findStream(deps, user, id);
  requirePermission(user, "stream.delete", STREAMING.forbiddenDelete);
  if (isLive(row.status)) throw conflict(STREAMING.streamStillLive);
  streamStore.deleteRow(deps.db, id);
  return { success: true as const };
}

export function streamStatus(deps: AppDeps, user: SessionUser, projectId: number): StreamStatusAnswer {
  requireProject(deps, user, projectId);
  const rows = deps.db
    .select({ stream: streams, autorestart: destinations.autorestart })
    .from(streams)
    .leftJoin(destinations, eq(destinations.id, streams.destinationId))
    .where(eq(streams.projectId, projectId))
    .orderBy(desc(streams.startedAt), desc(streams.id))
    .limit(HISTORY_LIMIT)
    .all();
  const context = recordContext(deps);
  return {
    streams: rows.map((r) => streamRecord(r.stream, r.autorestart ?? false, context)),
    preparations: deps.supervisor.preparations.list(projectId),
  };
}

/**
 * Admin only: removes the stopped or failed records of one project, or of every project when the
 * caller says so explicitly (`scope: "all"`).
 */
export function clearEndedStreams(deps: AppDeps, user: SessionUser, target: ClearEndedTarget) {
  requirePermission(user, "streams.clearEnded", STREAMING.forbiddenClearEnded);
  const projectId = "projectId" in target ? requireProject(deps, user, target.projectId).id : undefined;
  return { success: true as const, deletedCount: streamStore.deleteEnded(deps.db, projectId) };
}
