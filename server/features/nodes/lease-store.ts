import type { Db } from "@server/platform/db/client";
import { forUpdateSkipLocked } from "@server/platform/db/portable";
import { nodes, streamLeases, streams, streamUnreadable } from "@server/platform/db/schema";
import { LIVE_STATUSES, type LiveFigures } from "@shared/schemas/streaming";
import { and, asc, count, eq, gte, inArray, isNull, lt, notExists, or, sql } from "drizzle-orm";

/** A stream this node holds: the lease's epoch is what its writes about the stream must name. */
export interface HeldLease {
  streamId: number;
  epoch: number;
  expiresAt: number;
}

export interface LeaseClock {
  now: number;
  /** How long a lease lasts from its last renewal, in ms. */
  ttlMs: number;
}

/**
 * Takes the lease of one stream for `node`: free, expired or already this node's. A new owner raises
 * the epoch; renewing one's own keeps it. Answers null while another node's lease runs.
 */
export async function acquireLease(db: Db, streamId: number, node: string, clock: LeaseClock) {
  const expiresAt = clock.now + clock.ttlMs;
  const [row] = await db
    .insert(streamLeases)
    .values({ streamId, node, epoch: 1, expiresAt, acquiredAt: clock.now })
    .onConflictDoUpdate({
      target: streamLeases.streamId,
      set: {
        node,
        epoch: sql`case when ${streamLeases.node} = ${node} then ${streamLeases.epoch} else ${streamLeases.epoch} + 1 end`,
        expiresAt,
        acquiredAt: sql`case when ${streamLeases.node} = ${node} then ${streamLeases.acquiredAt} else ${clock.now} end`,
      },
      setWhere: or(eq(streamLeases.node, node), lt(streamLeases.expiresAt, clock.now)),
    })
    .returning({
      streamId: streamLeases.streamId,
      epoch: streamLeases.epoch,
      expiresAt: streamLeases.expiresAt,
    });
  return row ?? null;
}

/** A held lease to renew, with the run's figures of the moment for the other nodes to show. */
export interface Renewal extends HeldLease {
  figures: LiveFigures | null;
}

/**
 * Moves the expiry of this node's leases forward, each only while it still names the epoch the node
 * holds, and stores each run's figures beside it. Answers the ones renewed: a stream missing from the
 * answer was taken over (or ended) and its ffmpeg must stop. One statement for every lease: a node
 * renews all of them every few seconds, and a statement per stream would make the database's load
 * grow with the streams on air.
 */
export async function renewLeases(db: Db, node: string, held: readonly Renewal[], clock: LeaseClock) {
  const renewed: HeldLease[] = [];
  // A statement's parameters are bounded (three a lease here): very many leases go in slices.
  for (let i = 0; i < held.length; i += RENEWALS_PER_STATEMENT) {
    renewed.push(...(await renewSlice(db, node, held.slice(i, i + RENEWALS_PER_STATEMENT), clock)));
  }
  return renewed;
}

const RENEWALS_PER_STATEMENT = 500;

async function renewSlice(db: Db, node: string, held: readonly Renewal[], clock: LeaseClock) {
  const expiresAt = clock.now + clock.ttlMs;
  // With no figures at all the case would have no typed branch, which PostgreSQL reads as text.
  const figures = held.every((h) => h.figures === null)
    ? null
    : sql`case ${streamLeases.streamId} ${sql.join(
        held.map(
          (h) =>
            sql`when ${h.streamId} then ${h.figures === null ? sql`null` : sql.param(h.figures, streamLeases.figures)}`,
        ),
        sql` `,
      )} end`;
  return db
    .update(streamLeases)
    .set({ expiresAt, figures })
    .where(
      and(
        eq(streamLeases.node, node),
        or(...held.map((h) => and(eq(streamLeases.streamId, h.streamId), eq(streamLeases.epoch, h.epoch)))),
      ),
    )
    .returning({
      streamId: streamLeases.streamId,
      epoch: streamLeases.epoch,
      expiresAt: streamLeases.expiresAt,
    });
}

/** The figures the owner of each stream last wrote, when they are no older than `since`. */
export async function sharedFigures(db: Db, streamIds: readonly number[], since: number) {
  if (streamIds.length === 0) return new Map<number, { node: string; figures: LiveFigures | null }>();
  const rows = await db
    .select({ streamId: streamLeases.streamId, node: streamLeases.node, figures: streamLeases.figures })
    .from(streamLeases)
    .where(and(inArray(streamLeases.streamId, [...streamIds]), gte(streamLeases.expiresAt, since)));
  return new Map(rows.map((r) => [r.streamId, { node: r.node, figures: r.figures }]));
}

/** Gives a stream's lease back (its stream stopped on purpose, or this node let it go). */
export async function releaseLease(db: Db, lease: { streamId: number; epoch: number }, node: string) {
  await db
    .delete(streamLeases)
    .where(
      and(
        eq(streamLeases.streamId, lease.streamId),
        eq(streamLeases.epoch, lease.epoch),
        eq(streamLeases.node, node),
      ),
    );
}

/** Whether `node` still holds the stream at `epoch`: the check a fenced write makes. */
export async function holdsLease(db: Db, streamId: number, node: string, epoch: number, now: number) {
  const [row] = await db
    .select({ streamId: streamLeases.streamId })
    .from(streamLeases)
    .where(
      and(
        eq(streamLeases.streamId, streamId),
        eq(streamLeases.node, node),
        eq(streamLeases.epoch, epoch),
        gte(streamLeases.expiresAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Unexpired leases per node, for the least-loaded rule. */
export async function leasesPerNode(db: Db, now: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ node: streamLeases.node, n: count() })
    .from(streamLeases)
    .where(gte(streamLeases.expiresAt, now))
    .groupBy(streamLeases.node);
  return new Map(rows.map((r) => [r.node, r.n]));
}

const unowned = (now: number) =>
  and(
    inArray(streams.status, LIVE_STATUSES),
    or(isNull(streamLeases.streamId), lt(streamLeases.expiresAt, now)),
  );

/** How many streams should be on air with no node running them. */
export async function countUnowned(db: Db, now: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(streams)
    .leftJoin(streamLeases, eq(streamLeases.streamId, streams.id))
    .where(unowned(now));
  return row?.n ?? 0;
}

/** The node said, at `since` or later, that it cannot read the stream's media. */
const saidUnreadable = (tx: Db, node: string, since: number) =>
  tx
    .select({ streamId: streamUnreadable.streamId })
    .from(streamUnreadable)
    .where(
      and(
        eq(streamUnreadable.streamId, streams.id),
        eq(streamUnreadable.node, node),
        gte(streamUnreadable.at, since),
      ),
    );

/**
 * Streams that should be on air with no node running them: no lease, or an expired one. Locked with
 * SKIP LOCKED inside the caller's transaction, so two nodes claiming at once never take the same one.
 * A stream whose media `skip.node` said since `skip.since` it cannot read is left to the other nodes.
 */
export async function unownedStreams(
  tx: Db,
  now: number,
  limit: number,
  skip?: { node: string; since: number },
) {
  if (limit <= 0) return [];
  const readable = skip ? notExists(saidUnreadable(tx, skip.node, skip.since)) : undefined;
  return forUpdateSkipLocked(
    tx
      .select({ id: streams.id, previousNode: streamLeases.node })
      .from(streams)
      .leftJoin(streamLeases, eq(streamLeases.streamId, streams.id))
      .where(and(unowned(now), readable))
      .orderBy(asc(streams.id))
      .limit(limit),
    streams,
  );
}

/** Names of the nodes whose heartbeat is recent (the ones that share the work). */
export async function aliveNodes(db: Db, since: number): Promise<string[]> {
  const rows = await db.select({ name: nodes.name }).from(nodes).where(gte(nodes.lastHeartbeatAt, since));
  return rows.map((r) => r.name);
}

/**
 * Of these streams, the ones whose row says they are over (stopped or failed by another node, whose
 * word did not reach this one) or whose row is gone.
 */
export async function endedAmong(db: Db, streamIds: readonly number[]): Promise<number[]> {
  if (streamIds.length === 0) return [];
  const rows = await db
    .select({ id: streams.id, status: streams.status })
    .from(streams)
    .where(inArray(streams.id, [...streamIds]));
  const live = new Set(rows.filter((r) => r.status !== "stopped" && r.status !== "error").map((r) => r.id));
  return streamIds.filter((id) => !live.has(id));
}
