import type { Db } from "@server/platform/db/client";
import {
  acquireLease,
  aliveNodes,
  countUnowned,
  type HeldLease,
  type LeaseClock,
  leasesPerNode,
  unownedStreams,
} from "./lease-store";

export interface ClaimRequest {
  node: string;
  /** The most streams this node runs; null: no limit of its own. */
  capacity: number | null;
  /** Heartbeats at or after this time count a node as up. */
  aliveSince: number;
  /** This node's word, at or after this time, that it cannot read a stream's media keeps it off that stream. */
  unreadableSince?: number;
}

/**
 * How many unowned streams this node takes in one round: no more than its capacity leaves, and no
 * more than brings it to an even share of all the leased and waiting streams over the nodes that are
 * up, so the least-loaded node takes the most and one node does not swallow a dead node's streams.
 */
export function claimQuota(held: number, capacity: number | null, share: number): number {
  const room = capacity === null ? Number.POSITIVE_INFINITY : capacity - held;
  return Math.max(0, Math.min(room, share - held));
}

/** A stream claimed, with the node whose lease had expired (null: it had none). */
export interface Claimed extends HeldLease {
  from: string | null;
}

const skipOf = (r: ClaimRequest) =>
  r.unreadableSince === undefined ? undefined : { node: r.node, since: r.unreadableSince };

/**
 * Claims streams that should be on air and have no live lease, in one transaction whose selected
 * rows are locked with SKIP LOCKED: nodes claiming at the same moment split the streams between them.
 */
export async function claimUnowned(db: Db, request: ClaimRequest, clock: LeaseClock): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const perNode = await leasesPerNode(tx, clock.now);
    const up = new Set(await aliveNodes(tx, request.aliveSince));
    up.add(request.node);
    const held = perNode.get(request.node) ?? 0;
    let leased = 0;
    for (const [node, n] of perNode) if (up.has(node)) leased += n;
    const waiting = await countUnowned(tx, clock.now);
    const share = Math.ceil((leased + waiting) / up.size);
    const quota = claimQuota(held, request.capacity, share);
    const claimed: Claimed[] = [];
    // Only the rows this node takes are locked: a node claiming beside it skips them and takes others.
    for (const { id, previousNode } of await unownedStreams(tx, clock.now, quota, skipOf(request))) {
      const lease = await acquireLease(tx, id, request.node, clock);
      if (lease) claimed.push({ ...lease, from: previousNode });
    }
    return claimed;
  });
}
