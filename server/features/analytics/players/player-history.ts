import type { AppDeps } from "@server/deps";
import { emitPlayerPeak } from "@server/features/analytics/analytics-alerts";
import { datePages } from "@server/features/analytics/export/date-pages";
import { utcDate } from "@server/features/analytics/steam/dates";
import { greatest } from "@server/platform/db/portable";
import { steamPlayerDaily, steamPlayerPeaks, steamPlayerSamples } from "@server/platform/db/schema";
import { and, asc, eq, gt, gte, lt, lte, sql } from "drizzle-orm";

// Player counts beyond the raw samples: one row per app and UTC day, updated as each sample comes
// in (so nothing waits for a fold before pruning), the all-time peak, and the pruning of raw samples.

export const RAW_SAMPLE_DAYS = 30;
const DAY_MS = 86_400_000;
/** A new peak is alerted when it beats the last alerted one by this share… */
export const PEAK_ALERT_MARGIN = 0.05;
/** …and no sooner than this after the previous alert, so a growing game is not announced every tick. */
export const PEAK_ALERT_GAP_MS = DAY_MS;

/** Adds one sample to its day's row (peak, sum, count); `deps.db` may be a transaction. */
export async function foldSample(
  deps: Pick<AppDeps, "db">,
  appId: number,
  players: number,
  at: number,
): Promise<void> {
  await deps.db
    .insert(steamPlayerDaily)
    .values({ appId, date: utcDate(at), peak: players, total: players, samples: 1 })
    .onConflictDoUpdate({
      target: [steamPlayerDaily.appId, steamPlayerDaily.date],
      set: {
        peak: greatest(steamPlayerDaily.peak, players),
        total: sql`${steamPlayerDaily.total} + ${players}`,
        samples: sql`${steamPlayerDaily.samples} + 1`,
      },
    });
}

/**
 * Keeps the app's all-time peak and says whether a sample makes a new one worth an alert: never on
 * the app's first sample (it is the baseline), only above the last alerted peak by PEAK_ALERT_MARGIN,
 * and at most once per PEAK_ALERT_GAP_MS. What was alerted is stored before the alert goes out.
 */
export async function notePlayerPeak(
  deps: AppDeps,
  appId: number,
  players: number,
  at: number,
): Promise<boolean> {
  const [row] = await deps.db.select().from(steamPlayerPeaks).where(eq(steamPlayerPeaks.appId, appId));
  if (!row) {
    await deps.db
      .insert(steamPlayerPeaks)
      .values({ appId, peak: players, peakAt: at, alertedPeak: players, alertedAt: null })
      .onConflictDoNothing();
    return false;
  }
  if (players <= row.peak) return false;
  const beatsMargin = players >= Math.ceil(row.alertedPeak * (1 + PEAK_ALERT_MARGIN)) && players > 0;
  const rested = row.alertedAt === null || at - row.alertedAt >= PEAK_ALERT_GAP_MS;
  const alert = beatsMargin && rested;
  const set = alert
    ? { peak: players, peakAt: at, alertedPeak: players, alertedAt: at }
    : { peak: players, peakAt: at };
  // Guarded on the old peak, so two passes racing over the same sample cannot both alert.
  const changed = (
    await deps.db
      .update(steamPlayerPeaks)
      .set(set)
      .where(and(eq(steamPlayerPeaks.appId, appId), eq(steamPlayerPeaks.peak, row.peak)))
      .returning({ appId: steamPlayerPeaks.appId })
  ).length;
  if (alert && changed > 0) await emitPlayerPeak(deps, appId, at, players, row.peak);
  return alert && changed > 0;
}

/** Deletes raw samples older than RAW_SAMPLE_DAYS; their days live on in steam_player_daily. */
export async function pruneRawSamples(deps: AppDeps, now = deps.now()): Promise<number> {
  const cutoff = now - RAW_SAMPLE_DAYS * DAY_MS;
  const S = steamPlayerSamples;
  return (await deps.db.delete(S).where(lt(S.sampledAt, cutoff)).returning({ id: S.id })).length;
}

export interface DailyPlayers {
  date: string;
  peak: number;
  average: number;
  samples: number;
}

/** Daily rows of an app between two UTC dates (inclusive) and after `after`, in date order. */
async function dailyRows(deps: AppDeps, appId: number, from: string, to: string, after = "", limit?: number) {
  const D = steamPlayerDaily;
  const query = deps.db
    .select()
    .from(D)
    .where(and(eq(D.appId, appId), gte(D.date, from), lte(D.date, to), gt(D.date, after)))
    .orderBy(asc(D.date));
  return (await (limit === undefined ? query : query.limit(limit))).map(
    (r): DailyPlayers => ({
      date: r.date,
      peak: r.peak,
      average: Math.round(r.total / r.samples),
      samples: r.samples,
    }),
  );
}

/** Daily rows of an app between two UTC dates (inclusive), in date order. */
export const dailyPlayers = (
  deps: AppDeps,
  appId: number,
  from: string,
  to: string,
): Promise<DailyPlayers[]> => dailyRows(deps, appId, from, to);

/** An app's daily player rows (kept for ever) from `from` to `to`, a page at a time, in date order. */
export const playerExportRows = (
  deps: AppDeps,
  { appId, from, to }: { appId: number; from: string; to: string },
) => datePages((after, limit) => dailyRows(deps, appId, from, to, after, limit));
