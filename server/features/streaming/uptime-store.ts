import type { Db } from "@server/platform/db/client";
import {
  destinationFailures,
  destinationIntents,
  healthSamples,
  liveRuns,
  streams,
} from "@server/platform/db/schema";
import { and, asc, eq, gt, gte, isNull, lt, max, or } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";

// The uptime record: what was wanted (intents), what was really publishing (live runs) and the
// failures. Streaming's own record, written as streams start and stop (by a person, by the scheduler
// through the stream service, by the supervisor); the uptime report and the timeline read it.

/** A span in epoch ms; an open span (`end` null) lasts until the end of the period. */
export interface Span {
  start: number;
  end: number | null;
}

export type IntentSource = "user" | "schedule";

const destinationIdOf = async (db: Db, streamId: number) =>
  (await db.select({ d: streams.destinationId }).from(streams).where(eq(streams.id, streamId)))[0]?.d;

/** Someone wants the destination live from `at`; a start replacing an open intent closes it first. */
export async function openIntent(
  db: Db,
  destinationId: number,
  source: IntentSource,
  at: number,
): Promise<void> {
  await closeIntent(db, destinationId, at);
  await db.insert(destinationIntents).values({ destinationId, source, startedAt: at });
}

/** Nobody wants the destination live any more (a stop, the end of a window). */
export async function closeIntent(db: Db, destinationId: number, at: number): Promise<void> {
  await db
    .update(destinationIntents)
    .set({ endedAt: at })
    .where(and(eq(destinationIntents.destinationId, destinationId), isNull(destinationIntents.endedAt)));
}

/** The stream's first frame went out. */
export async function startRun(db: Db, streamId: number, at: number): Promise<void> {
  const d = await destinationIdOf(db, streamId);
  if (!d) return;
  await endRun(db, streamId, at, { failed: false });
  await db.insert(liveRuns).values({ streamId, destinationId: d, startedAt: at });
}

/** An ffmpeg run of the stream ended; `failed` when nobody asked it to, `planned` at its planned reconnect. */
export async function endRun(
  db: Db,
  streamId: number,
  at: number,
  end: { failed: boolean; planned?: boolean },
): Promise<void> {
  await db
    .update(liveRuns)
    .set({ endedAt: at, planned: end.planned ?? false })
    .where(and(eq(liveRuns.streamId, streamId), isNull(liveRuns.endedAt)));
  if (!end.failed) return;
  const d = await destinationIdOf(db, streamId);
  if (d) await db.insert(destinationFailures).values({ destinationId: d, streamId, at });
}

/**
 * Whether the stream ever sent a frame (it has a live run); null when its destination is gone, since
 * the runs went with it and the record can no longer tell.
 */
export async function wentLive(
  db: Db,
  streamId: number,
  destinationId: number | null,
): Promise<boolean | null> {
  if (destinationId === null) return null;
  const [run] = await db
    .select({ id: liveRuns.id })
    .from(liveRuns)
    .where(eq(liveRuns.streamId, streamId))
    .limit(1);
  return !!run;
}

/**
 * Server start: runs a crashed server left open end at their stream's last health sample, the last
 * moment the stream is known to have been publishing (or at their start when there is none).
 */
export async function closeLeftOpenRuns(db: Db, except: ReadonlySet<number> = new Set()): Promise<number> {
  // Streams another node runs now keep their runs open: only this node's past is closed here.
  const open = (await db.select().from(liveRuns).where(isNull(liveRuns.endedAt))).filter(
    (run) => !except.has(run.streamId),
  );
  await closeRuns(db, open);
  return open.length;
}

/**
 * A stream taken over from a node that stopped answering: its open run ends at its last health
 * sample, as the previous owner left it. Answers that moment, or null when no run was open.
 */
export async function closeOpenRunOf(db: Db, streamId: number): Promise<number | null> {
  const open = await db
    .select()
    .from(liveRuns)
    .where(and(eq(liveRuns.streamId, streamId), isNull(liveRuns.endedAt)));
  const ends = await closeRuns(db, open);
  return ends.length ? Math.max(...ends) : null;
}

async function closeRuns(db: Db, open: (typeof liveRuns.$inferSelect)[]): Promise<number[]> {
  const ends: number[] = [];
  for (const run of open) {
    const [last] = await db
      .select({ at: max(healthSamples.at) })
      .from(healthSamples)
      .where(eq(healthSamples.streamId, run.streamId));
    const endedAt = Math.max(run.startedAt, last?.at ?? run.startedAt);
    await db.update(liveRuns).set({ endedAt }).where(eq(liveRuns.id, run.id));
    ends.push(endedAt);
  }
  return ends;
}

const overlaps = (start: AnySQLiteColumn, end: AnySQLiteColumn, from: number, to: number) =>
  and(lt(start, to), or(isNull(end), gt(end, from)));

export async function intentsOf(db: Db, destinationId: number, from: number, to: number): Promise<Span[]> {
  const t = destinationIntents;
  return await db
    .select({ start: t.startedAt, end: t.endedAt })
    .from(t)
    .where(and(eq(t.destinationId, destinationId), overlaps(t.startedAt, t.endedAt, from, to)))
    .orderBy(asc(t.id));
}

export async function runsOf(db: Db, destinationId: number, from: number, to: number): Promise<Span[]> {
  const t = liveRuns;
  return await db
    .select({ start: t.startedAt, end: t.endedAt })
    .from(t)
    .where(and(eq(t.destinationId, destinationId), overlaps(t.startedAt, t.endedAt, from, to)))
    .orderBy(asc(t.id));
}

export async function failureTimes(
  db: Db,
  destinationId: number,
  from: number,
  to: number,
): Promise<number[]> {
  const t = destinationFailures;
  const rows = await db
    .select({ at: t.at })
    .from(t)
    .where(and(eq(t.destinationId, destinationId), gt(t.at, from - 1), lt(t.at, to + 1)))
    .orderBy(asc(t.id));
  return rows.map((r) => r.at);
}

/** When the stream's planned reconnects happened since `since` (the ends of its runs that ended so), oldest first. */
export async function plannedReconnectTimes(db: Db, streamId: number, since: number): Promise<number[]> {
  const t = liveRuns;
  const rows = await db
    .select({ at: t.endedAt })
    .from(t)
    .where(and(eq(t.streamId, streamId), eq(t.planned, true), gte(t.endedAt, since)))
    .orderBy(asc(t.endedAt));
  return rows.flatMap((r) => (r.at === null ? [] : [r.at]));
}
