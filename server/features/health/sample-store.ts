import type { Db } from "@server/platform/db/client";
import { rawRun } from "@server/platform/db/portable";
import { healthSamples } from "@server/platform/db/schema";
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";

// Health rows: raw 10-second samples for a day, then 5-minute folds (average, min, max, summed drops)
// until 30 days, then nothing. A week of one live stream is about 10,000 rows.

export const SAMPLE_EVERY_MS = 10_000;
export const FOLD_AFTER_MS = 24 * 3600_000;
export const FOLD_SPAN_MS = 5 * 60_000;
export const KEEP_MS = 30 * 24 * 3600_000;
/** Folding and pruning scan the table, so they run hourly rather than at every sample. */
export const COMPACT_EVERY_MS = 3600_000;

export interface HealthReading {
  bitrateKbps: number;
  fps: number;
  speed: number;
  dropped: number;
  dup: number;
}

export async function insertSample(db: Db, streamId: number, at: number, r: HealthReading): Promise<void> {
  await db.insert(healthSamples).values({
    streamId,
    at,
    span: SAMPLE_EVERY_MS / 1000,
    bitrateKbps: r.bitrateKbps,
    bitrateMin: r.bitrateKbps,
    bitrateMax: r.bitrateKbps,
    fps: r.fps,
    fpsMin: r.fps,
    fpsMax: r.fps,
    speed: r.speed,
    dropped: r.dropped,
    dup: r.dup,
  });
}

/**
 * Folds raw samples older than a day into 5-minute rows and removes rows older than 30 days. Only
 * whole 5-minute buckets are folded, so a bucket is never folded twice.
 */
export async function compact(db: Db, now: number): Promise<void> {
  const cutoff = Math.floor((now - FOLD_AFTER_MS) / FOLD_SPAN_MS) * FOLD_SPAN_MS;
  const raw = SAMPLE_EVERY_MS / 1000;
  // The bucket is written out, not bound: PostgreSQL accepts the selected bucket only as the very
  // expression it groups by, and two parameters are two expressions to it.
  const bucket = sql.raw(String(FOLD_SPAN_MS));
  await db.transaction(async (tx) => {
    await rawRun(
      tx as unknown as Db,
      sql`
      INSERT INTO health_samples (stream_id, at, span, bitrate_kbps, bitrate_min, bitrate_max, fps, fps_min,
        fps_max, speed, dropped, dup)
      SELECT stream_id, (at / ${bucket}) * ${bucket}, ${FOLD_SPAN_MS / 1000}, avg(bitrate_kbps),
        min(bitrate_min), max(bitrate_max), avg(fps), min(fps_min), max(fps_max), avg(speed), sum(dropped), sum(dup)
      FROM health_samples WHERE span = ${raw} AND at < ${cutoff}
      GROUP BY stream_id, at / ${bucket}`,
    );
    await tx.delete(healthSamples).where(and(eq(healthSamples.span, raw), lt(healthSamples.at, cutoff)));
    await tx.delete(healthSamples).where(lt(healthSamples.at, now - KEEP_MS));
  });
}

export function samplesOf(db: Db, streamId: number, since: number) {
  return db
    .select()
    .from(healthSamples)
    .where(and(eq(healthSamples.streamId, streamId), gte(healthSamples.at, since)))
    .orderBy(asc(healthSamples.at));
}
