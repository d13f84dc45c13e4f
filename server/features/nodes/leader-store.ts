import type { Db } from "@server/platform/db/client";
import { leaderLeases } from "@server/platform/db/schema";
import { and, eq, gte, lt, or, sql } from "drizzle-orm";
import type { LeaseClock } from "./lease-store";

/** A role this node holds: its term's epoch and when the lease ends unless renewed. */
export interface HeldRole {
  epoch: number;
  expiresAt: number;
}

/**
 * Takes or renews a role's lease for `node`: free, expired or already this node's, in one statement,
 * so of two nodes asking at once only one gets it. A new holder raises the epoch; renewing one's own
 * keeps it. Answers null while another node's lease runs.
 */
export async function acquireRole(
  db: Db,
  role: string,
  node: string,
  clock: LeaseClock,
): Promise<HeldRole | null> {
  const expiresAt = clock.now + clock.ttlMs;
  const [row] = await db
    .insert(leaderLeases)
    .values({ role, node, epoch: 1, expiresAt, acquiredAt: clock.now })
    .onConflictDoUpdate({
      target: leaderLeases.role,
      set: {
        node,
        // A lease given back keeps its row (expired), so the epoch only ever grows.
        epoch: sql`case when ${leaderLeases.node} = ${node} and ${leaderLeases.expiresAt} >= ${clock.now} then ${leaderLeases.epoch} else ${leaderLeases.epoch} + 1 end`,
        expiresAt,
        acquiredAt: sql`case when ${leaderLeases.node} = ${node} and ${leaderLeases.expiresAt} >= ${clock.now} then ${leaderLeases.acquiredAt} else ${clock.now} end`,
      },
      setWhere: or(eq(leaderLeases.node, node), lt(leaderLeases.expiresAt, clock.now)),
    })
    .returning({ epoch: leaderLeases.epoch, expiresAt: leaderLeases.expiresAt });
  return row ?? null;
}

/** Gives the role back at once (a clean stop), so another node need not wait for the lease to end. */
export async function releaseRole(db: Db, role: string, node: string, epoch: number): Promise<void> {
  await db
    .update(leaderLeases)
    .set({ expiresAt: 0 })
    .where(and(eq(leaderLeases.role, role), eq(leaderLeases.node, node), eq(leaderLeases.epoch, epoch)));
}

/** The node holding the role now, if any. */
export async function roleHolder(db: Db, role: string, now: number): Promise<string | null> {
  const [row] = await db
    .select({ node: leaderLeases.node })
    .from(leaderLeases)
    .where(and(eq(leaderLeases.role, role), gte(leaderLeases.expiresAt, now)))
    .limit(1);
  return row?.node ?? null;
}
