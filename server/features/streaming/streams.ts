import type { AppDeps } from "@server/deps";
import { requirePermission, requireProject } from "@server/features/projects";
import { destinations, streams } from "@server/platform/db/schema";
import { conflict, notFound } from "@server/platform/errors";
import { STREAMING } from "@shared/messages/streaming";
import {
  type ClearEndedTarget,
  isLive,
  type StreamRecord,
  type StreamSourceInput,
  type StreamStatusAnswer,
} from "@shared/schemas/streaming";
import type { SessionUser } from "@shared/types";
import { count, desc, eq } from "drizzle-orm";
import { findDestination } from "./destinations";
import { recordAndLaunch, sourceFor } from "./stream-start";
import type { StreamRow } from "./stream-store";
import * as streamStore from "./stream-store";
import { destinationAutorestart, type RecordContext, streamRecord } from "./stream-views";
import { closeIntent, wentLive } from "./uptime-store";

/** How many history rows streams/status answers: the newest ones. */
export const HISTORY_LIMIT = 200;

export async function liveStreamCount(deps: AppDeps): Promise<number> {
  const [row] = await deps.db.select({ n: count() }).from(streams).where(streamStore.liveStatusFilter());
  return row?.n ?? 0;
}

/** Checks everything, records the stream as starting and hands it to the supervisor. */
export async function startStream(
  deps: AppDeps,
  user: SessionUser,
  input: { destinationId: number } & StreamSourceInput,
): Promise<StreamRecord> {
  const destination = await findDestination(deps, user, input.destinationId);
  requirePermission(user, "stream.control", STREAMING.forbiddenStart);
  const source = await sourceFor(deps, user, destination, input);
  const stream = await recordAndLaunch(deps, { destination, startedBy: user.id, ...source });
  return streamRecord(stream, destination.autorestart, await recordContext(deps, [stream]));
}

/**
 * The answer mapper gets the figures handed in, so it never calls into the supervisor itself: this
 * node's own, else those the owning node wrote with its lease, read once for every running stream
 * the answer lists.
 */
async function recordContext(deps: AppDeps, rows: readonly StreamRow[]): Promise<RecordContext> {
  const elsewhere = rows
    .filter((r) => r.status === "running" && !deps.supervisor.live(r.id))
    .map((r) => r.id);
  const shared = deps.leases && elsewhere.length ? await deps.leases.figuresOf(elsewhere) : null;
  return {
    now: deps.now(),
    live: (streamId) => deps.supervisor.live(streamId) ?? shared?.get(streamId) ?? null,
    wentLive: (streamId, destinationId) => wentLive(deps.db, streamId, destinationId),
  };
}

/** The stream if the user may see its project; another organization's reads as missing. */
export async function findStream(deps: AppDeps, user: SessionUser, id: number) {
  const [row] = await deps.db.select().from(streams).where(eq(streams.id, id));
  if (!row) throw notFound(STREAMING.streamNotFound);
  await requireProject(deps, user, row.projectId, STREAMING.streamNotFound);
  return row;
}

/** Stops a live stream and answers its record; stopping an ended stream answers it unchanged. */
export async function stopStream(deps: AppDeps, user: SessionUser, streamId: number): Promise<StreamRecord> {
  const stopped = await findStream(deps, user, streamId);
  requirePermission(user, "stream.control", STREAMING.forbiddenStop);
  // A person's stop ends what the destination was meant to do: its uptime stops counting.
  if (isLive(stopped.status) && stopped.destinationId)
    await closeIntent(deps.db, stopped.destinationId, deps.now());
  await deps.supervisor.stop(streamId);
  // A person's stop inside a broadcast window holds it: the scheduler waits for the next window.
  if (isLive(stopped.status) && stopped.destinationId)
    await deps.scheduleLinks.holdRunningWindow(deps.db, stopped.destinationId, deps.now());
  const [row] = await deps.db.select().from(streams).where(eq(streams.id, streamId));
  return streamRecord(
    row!,
    await destinationAutorestart(deps, row!.destinationId),
    await recordContext(deps, [row!]),
  );
}

export async function deleteStream(deps: AppDeps, user: SessionUser, id: number) {
  const row = await findStream(deps, user, id);
  requirePermission(user, "stream.delete", STREAMING.forbiddenDelete);
  if (isLive(row.status)) throw conflict(STREAMING.streamStillLive);
  await streamStore.deleteRow(deps.db, id);
  return { success: true as const };
}

export async function streamStatus(
  deps: AppDeps,
  user: SessionUser,
  projectId: number,
): Promise<StreamStatusAnswer> {
  await requireProject(deps, user, projectId);
  const rows = await deps.db
    .select({ stream: streams, autorestart: destinations.autorestart })
    .from(streams)
    .leftJoin(destinations, eq(destinations.id, streams.destinationId))
    .where(eq(streams.projectId, projectId))
    .orderBy(desc(streams.startedAt), desc(streams.id))
    .limit(HISTORY_LIMIT);
  const context = await recordContext(
    deps,
    rows.map((r) => r.stream),
  );
  return {
    streams: await Promise.all(rows.map((r) => streamRecord(r.stream, r.autorestart ?? false, context))),
    preparations: await deps.supervisor.preparations.list(projectId),
  };
}

/**
 * Admin only: removes the stopped or failed records of one project, or of every project when the
 * caller says so explicitly (`scope: "all"`).
 */
export async function clearEndedStreams(deps: AppDeps, user: SessionUser, target: ClearEndedTarget) {
  requirePermission(user, "streams.clearEnded", STREAMING.forbiddenClearEnded);
  const projectId = "projectId" in target ? target.projectId : undefined;
  if (projectId !== undefined) await requireProject(deps, user, projectId);
  return { success: true as const, deletedCount: await streamStore.deleteEnded(deps.db, projectId) };
}
