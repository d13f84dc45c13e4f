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
export function upsertBeat(db: Db, beat: Beat): void {
  const figures = {
    maxStreams: beat.maxStreams,
    startedAt: beat.startedAt,
    lastHeartbeatAt: beat.at,
    streams: beat.streams,
    cpuPercent: beat.cpuPercent,
    rssBytes: beat.rssBytes,
  };
  db.insert(nodes)
    .values({ name: beat.name, ...figures })
    .onConflictDoUpdate({ target: nodes.name, set: figures })
    .run();
}

/**
 * Live streams this node runs. A stream not yet on air has no node recorded; with one node on the
 * database it can only be this one's, so it is counted here too.
 */
export function liveStreamsOn(db: Db, name: string): number {
  return (
    db
      .select({ n: count() })
      .from(streams)
      .where(and(inArray(streams.status, LIVE_STATUSES), or(eq(streams.node, name), isNull(streams.node))))
      .get()?.n ?? 0
  );
}

export const allNodes = (db: Db): NodeRow[] => db.select().from(nodes).orderBy(asc(nodes.name)).all();

/** Records the node a stream's run went on air on. */
export function recordStreamNode(db: Db, streamId: number, name: string): void {
  db.update(streams).set({ node: name }).where(eq(streams.id, streamId)).run();
}
