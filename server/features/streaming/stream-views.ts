import type { AppDeps } from "@server/deps";
import { destinations, streamLeases, streams } from "@server/platform/db/schema";
import { iso } from "@server/platform/iso";
import { maskAddresses } from "@server/platform/process/mask-addresses";
import type {
  DestinationFailure,
  DestinationView,
  LiveFigures,
  StreamRecord,
  StreamStatus,
} from "@shared/schemas/streaming";
import { and, desc, eq, gte, inArray, max } from "drizzle-orm";
import { type DestinationRow, liveStatusFilter, type StreamRow } from "./stream-store";
import { urlForAnswer } from "./url-credentials";

// Rows → the answer shapes of the API. Explicit columns only: the stream key leaves only through
// destinationView, and only for roles that may manage destinations; the URL's credentials never do.

/** The live stream (starting, running or stopping) of each given destination. */
export async function liveStreamsByDestination(
  deps: Pick<AppDeps, "db">,
  destinationIds: number[],
): Promise<Map<number, StreamRow>> {
  const map = new Map<number, StreamRow>();
  if (destinationIds.length === 0) return map;
  const rows = await deps.db
    .select()
    .from(streams)
    .where(and(inArray(streams.destinationId, destinationIds), liveStatusFilter()))
    .orderBy(desc(streams.id));
  for (const row of rows)
    if (row.destinationId != null && !map.has(row.destinationId)) map.set(row.destinationId, row);
  return map;
}

/** Each given destination's newest stream (live or ended): the one whose failure its card shows. */
export async function latestStreamsByDestination(
  deps: AppDeps,
  destinationIds: number[],
): Promise<Map<number, StreamRow>> {
  const map = new Map<number, StreamRow>();
  if (destinationIds.length === 0) return map;
  const newest = deps.db
    .select({ id: max(streams.id) })
    .from(streams)
    .where(inArray(streams.destinationId, destinationIds))
    .groupBy(streams.destinationId);
  for (const row of await deps.db.select().from(streams).where(inArray(streams.id, newest)))
    if (row.destinationId != null) map.set(row.destinationId, row);
  return map;
}

/**
 * The newest run's failure, kept on the card until the next start makes a newer run: shown when
 * that run ended in error, or while it waits to be retried after one.
 */
export function lastFailure(latest: StreamRow | undefined): DestinationFailure | null {
  if (!latest || latest.errorCount === 0 || latest.lastErrorTime == null) return null;
  if (latest.status !== "error" && latest.status !== "starting") return null;
  return {
    stream_id: latest.id,
    ended: latest.status === "error",
    message: maskAddresses(latest.lastErrorMessage ?? ""),
    at: iso(latest.lastErrorTime),
    error_count: latest.errorCount,
  };
}

export function destinationView(
  row: DestinationRow,
  live: StreamRow | undefined,
  showKey: boolean,
  latest?: StreamRow,
): DestinationView {
  const view: DestinationView = {
    id: row.id,
    name: row.name,
    type: row.type,
    rtmp_url: urlForAnswer(row.rtmpUrl, showKey),
    autorestart: row.autorestart,
    reconnect_hours: row.reconnectHours,
    is_active: row.isActive,
    project_id: row.projectId,
    active_stream_id: live?.id ?? null,
    stream_status: (live?.status as StreamStatus | undefined) ?? null,
    streaming_media_name: live?.mediaName ?? null,
    streaming_media_id: live?.mediaId ?? null,
    stream_started_at: iso(live?.startedAt),
    stream_node: live?.node ?? null,
    stream_moving: false,
    stream_unreadable: null,
    started_by_window: live?.scheduleId != null,
    last_failure: lastFailure(latest),
    next_schedule: null,
    store_page: null,
  };
  if (showKey) {
    view.stream_key = row.streamKey;
    view.ca_file = row.caFile;
  }
  return view;
}

/** What a stream record needs beyond its row: the time now and the live figures of running streams. */
export interface RecordContext {
  now: number;
  /** The run's figures: this node's own, or those the owning node wrote with its last renewal. */
  live: (streamId: number) => LiveFigures | null | Promise<LiveFigures | null>;
  /** Whether the stream ever sent a frame; null when the record cannot tell. */
  wentLive: (streamId: number, destinationId: number | null) => Promise<boolean | null>;
}

export async function streamRecord(
  row: StreamRow,
  autorestart: boolean,
  context: RecordContext,
): Promise<StreamRecord> {
  const end = row.stoppedAt ?? context.now;
  return {
    id: row.id,
    media_name: row.mediaName,
    destination_name: row.destinationName,
    destination_type: row.destinationType,
    destination_autorestart: autorestart,
    status: row.status,
    duration_seconds: Math.max(0, Math.floor((end - row.startedAt) / 1000)),
    error_count: row.errorCount,
    started_at: iso(row.startedAt),
    stopped_at: iso(row.stoppedAt),
    media_size: row.mediaSize,
    pid: row.pid,
    last_error_message: row.lastErrorMessage === null ? null : maskAddresses(row.lastErrorMessage),
    last_error_time: iso(row.lastErrorTime),
    planned_reconnects: row.plannedReconnects,
    last_planned_reconnect_at: iso(row.lastPlannedReconnectAt),
    destination_id: row.destinationId,
    media_id: row.mediaId,
    playlist_id: row.playlistId,
    playlist_name: row.playlistName,
    live: row.status === "running" ? await context.live(row.id) : null,
    went_live: row.status === "running" ? true : await context.wentLive(row.id, row.destinationId),
  };
}

export async function destinationAutorestart(deps: AppDeps, destinationId: number | null): Promise<boolean> {
  if (destinationId == null) return false;
  const [row] = await deps.db
    .select({ a: destinations.autorestart })
    .from(destinations)
    .where(eq(destinations.id, destinationId));
  return row?.a ?? false;
}

/**
 * Of these live streams, the ones no node holds an unexpired lease on: their node stopped answering
 * and another is about to take them over (nodes on PostgreSQL only; the caller asks only there).
 */
export async function unleased(deps: Pick<AppDeps, "db" | "now">, streamIds: number[]): Promise<Set<number>> {
  if (streamIds.length === 0) return new Set();
  const held = await deps.db
    .select({ id: streamLeases.streamId })
    .from(streamLeases)
    .where(and(inArray(streamLeases.streamId, streamIds), gte(streamLeases.expiresAt, deps.now())));
  const alive = new Set(held.map((h) => h.id));
  return new Set(streamIds.filter((id) => !alive.has(id)));
}
