import type { Span } from "@server/features/streaming/uptime-store";
import type { Db } from "@server/platform/db/client";
import { destinations, healthSamples, projects, storePageStates, streams } from "@server/platform/db/schema";
import { and, asc, eq, gt, isNull, lt, max, or } from "drizzle-orm";
import type { Verdict } from "./verdict";

// The store-page history: one row per state of a stream, closed at the next change or the run's end.

/** A new state of the stream from `at`: the open one ends there. */
export async function recordChange(
  db: Db,
  ids: { streamId: number; destinationId: number },
  v: Verdict,
  at: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await closeOpen(tx as unknown as Db, ids.streamId, at);
    await tx.insert(storePageStates).values({
      streamId: ids.streamId,
      destinationId: ids.destinationId,
      state: v.state,
      appId: v.appId,
      appTitle: v.appTitle,
      reason: v.reason,
      startedAt: at,
    });
  });
}

/** The stream stopped publishing: its state ends. */
export async function closeOpen(db: Db, streamId: number, at: number): Promise<void> {
  await db
    .update(storePageStates)
    .set({ endedAt: at })
    .where(and(eq(storePageStates.streamId, streamId), isNull(storePageStates.endedAt)));
}

/**
 * Server start: states a crashed server left open end at their stream's last health sample, the
 * last moment it is known to have been publishing (or where they began when there is none).
 */
export async function closeLeftOpen(db: Db, except: ReadonlySet<number> = new Set()): Promise<void> {
  const t = storePageStates;
  // Streams another node runs now keep their states open.
  const open = (await db.select().from(t).where(isNull(t.endedAt))).filter(
    (row) => !except.has(row.streamId),
  );
  for (const row of open) {
    const [last] = await db
      .select({ at: max(healthSamples.at) })
      .from(healthSamples)
      .where(eq(healthSamples.streamId, row.streamId));
    const endedAt = Math.max(row.startedAt, last?.at ?? row.startedAt);
    await db.update(t).set({ endedAt }).where(eq(t.id, row.id));
  }
}

export function historyOf(db: Db, streamId: number) {
  return db
    .select()
    .from(storePageStates)
    .where(eq(storePageStates.streamId, streamId))
    .orderBy(asc(storePageStates.startedAt), asc(storePageStates.id));
}

/** Spans the destination's streams were on its game's store page, within [from, to]. */
export function storePageSpans(db: Db, destinationId: number, from: number, to: number): Promise<Span[]> {
  const t = storePageStates;
  return db
    .select({ start: t.startedAt, end: t.endedAt })
    .from(t)
    .where(
      and(
        eq(t.destinationId, destinationId),
        eq(t.state, "on_store_page"),
        lt(t.startedAt, to),
        or(isNull(t.endedAt), gt(t.endedAt, from)),
      ),
    );
}

/** What the check needs to know of a stream as its run starts: its destination, key and app. */
export async function streamFacts(db: Db, streamId: number) {
  const [row] = await db
    .select({
      destinationId: streams.destinationId,
      projectId: streams.projectId,
      type: destinations.type,
      key: destinations.streamKey,
      name: destinations.name,
      appId: projects.steamAppId,
    })
    .from(streams)
    .innerJoin(destinations, eq(destinations.id, streams.destinationId))
    .innerJoin(projects, eq(projects.id, streams.projectId))
    .where(eq(streams.id, streamId));
  return row;
}
