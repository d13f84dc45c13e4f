import type { Db } from "@server/platform/db/client";
import { nodes, streams } from "@server/platform/db/schema";
import { LIVE_STATUSES } from "@shared/schemas/streaming";
import { and, asc, count, eq, inArray, isNull, or } from "drizzle-orm";

export type NodeRow = typeof nodes.$inferSelect;

/** What one heartbeat writes: the node's capacity and figures at that moment. */
export interface Beat {
  name: string;
  maxStreams: number | null;
  startedAt: number;
  at: number;
  streams: number;
  cpuPercent: number;
  rssBytes: number;
}

/** Writes the node's row, creating it on the first heartbeat. */
export async function upsertBeat(db: Db, beat: Beat): Promise<void> {
  const figures = {
    maxStreams: beat.maxStreams,
    startedAt: beat.startedAt,
    lastHeartbeatAt: beat.at,
    streams: beat.streams,
    cpuPercent: beat.cpuPercent,
    rssBytes: beat.rssBytes,
    // Beating again ends the outage: a later one is told again.
    downReportedAt: null,
  };
  await db
    .insert(nodes)
    .values({ name: beat.name, ...figures })
    .onConflictDoUpdate({ target: nodes.name, set: figures });
}

/**
 * Live streams this node runs. A stream not yet on air has no node recorded; with one node on the
 * database it can only be this one's, so it is counted here too.
 */
export async function liveStreamsOn(db: Db, name: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(streams)
    .where(and(inArray(streams.status, LIVE_STATUSES), or(eq(streams.node, name), isNull(streams.node))));
  return row?.n ?? 0;
}

export const allNodes = (db: Db): Promise<NodeRow[]> => db.select().from(nodes).orderBy(asc(nodes.name));

/** Records the node a stream's run went on air on. */
export async function recordStreamNode(db: Db, streamId: number, name: string): Promise<void> {
  await db.update(streams).set({ node: name }).where(eq(streams.id, streamId));
}
