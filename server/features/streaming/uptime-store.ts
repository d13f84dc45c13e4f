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

/** Someone wants the destination live from `at`; a start replacing an open intent closes it first. */
export function openIntent(db: Db, destinationId: number, source: IntentSource, at: number): void {
  closeIntent(db, destinationId, at);
  db.insert(destinationIntents).values({ destinationId, source, startedAt: at }).run();
}

/** Nobody wants the destination live any more (a stop, the end of a window). */
export function closeIntent(db: Db, destinationId: number, at: number): void {
  db.update(destinationIntents)
    .set({ endedAt: at })
    .where(and(eq(destinationIntents.destinationId, destinationId), isNull(destinationIntents.endedAt)))
    .run();
}

/** The stream's first frame went out. */
export function startRun(db: Db, streamId: number, at: number): void {
  const row = db.select({ d: streams.destinationId }).from(streams).where(eq(streams.id, streamId)).get();
  if (!row?.d) return;
  endRun(db, streamId, at, { failed: false });
  db.insert(liveRuns).values({ streamId, destinationId: row.d, startedAt: at }).run();
}

/** An ffmpeg run of the stream ended; `failed` when nobody asked it to, `planned` at its planned reconnect. */
export function endRun(
  db: Db,
  streamId: number,
  at: number,
  end: { failed: boolean; planned?: boolean },
): void {
  db.update(liveRuns)
    .set({ endedAt: at, planned: end.planned ?? false })
    .where(and(eq(liveRuns.streamId, streamId), isNull(liveRuns.endedAt)))
    .run();
  if (!end.failed) return;
  const row = db.select({ d: streams.destinationId }).from(streams).where(eq(streams.id, streamId)).get();
  if (row?.d) db.insert(destinationFailures).values({ destinationId: row.d, streamId, at }).run();
}

/**
 * Whether the stream ever sent a frame (it has a live run); null when its destination is gone, since
 * the runs went with it and the record can no longer tell.
 */
export function wentLive(db: Db, streamId: number, destinationId: number | null): boolean | null {
  if (destinationId === null) return null;
  return !!db.select({ id: liveRuns.id }).from(liveRuns).where(eq(liveRuns.streamId, streamId)).get();
}

/**
 * Server start: runs a crashed server left open end at their stream's last health sample, the last
 * moment the stream is known to have been publishing (or at their start when there is none).
 */
export function closeLeftOpenRuns(db: Db): number {
  const open = db.select().from(liveRuns).where(isNull(liveRuns.endedAt)).all();
  for (const run of open) {
    const last = db
      .select({ at: max(healthSamples.at) })
      .from(healthSamples)
      .where(eq(healthSamples.streamId, run.streamId))
      .get()?.at;
    const endedAt = Math.max(run.startedAt, last ?? run.startedAt);
    db.update(liveRuns).set({ endedAt }).where(eq(liveRuns.id, run.id)).run();
  }
  return open.length;
}

const overlaps = (start: AnySQLiteColumn, end: AnySQLiteColumn, from: number, to: number) =>
  and(lt(start, to), or(isNull(end), gt(end, from)));

export function intentsOf(db: Db, destinationId: number, from: number, to: number): Span[] {
  const t = destinationIntents;
  return db
    .select({ start: t.startedAt, end: t.endedAt })
    .from(t)
    .where(and(eq(t.destinationId, destinationId), overlaps(t.startedAt, t.endedAt, from, to)))
    .all();
}

export function runsOf(db: Db, destinationId: number, from: number, to: number): Span[] {
  const t = liveRuns;
  return db
    .select({ start: t.startedAt, end: t.endedAt })
    .from(t)
    .where(and(eq(t.destinationId, destinationId), overlaps(t.startedAt, t.endedAt, from, to)))
    .all();
}

export function failureTimes(db: Db, destinationId: number, from: number, to: number): number[] {
  const t = destinationFailures;
  return db
    .select({ at: t.at })
    .from(t)
    .where(and(eq(t.destinationId, destinationId), gt(t.at, from - 1), lt(t.at, to + 1)))
    .all()
    .map((r) => r.at);
}

/** When the stream's planned reconnects happened since `since` (the ends of its runs that ended so), oldest first. */
export function plannedReconnectTimes(db: Db, streamId: number, since: number): number[] {
  const t = liveRuns;
  return db
    .select({ at: t.endedAt })
    .from(t)
    .where(and(eq(t.streamId, streamId), eq(t.planned, true), gte(t.endedAt, since)))
    .orderBy(asc(t.endedAt))
    .all()
    .flatMap((r) => (r.at === null ? [] : [r.at]));
}
