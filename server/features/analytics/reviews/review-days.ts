import type { AppDeps } from "@server/deps";
import { emitReviewScoreChanged } from "@server/features/analytics/analytics-alerts";
import { checkReviewAnomalies } from "@server/features/analytics/anomalies/anomalies";
import { utcDate } from "@server/features/analytics/steam/dates";
import { maskKeys } from "@server/features/analytics/steam/errors";
import type { ReviewSummary } from "@server/features/analytics/steam/reviews";
import { steamReviewDays } from "@server/platform/db/schema";
import { log } from "@server/platform/log";
import { and, desc, eq, lt } from "drizzle-orm";

// The daily review summary of an app: read from the store once a UTC day, stored idempotently (a
// second read the same day replaces the first), and a change of Steam's description alerted once.

/** Stores the summary as the app's row for the day of `at`; says whether a change was alerted. */
export async function storeReviewDay(
  deps: AppDeps,
  appId: number,
  s: ReviewSummary,
  at: number,
  alert = true,
): Promise<boolean> {
  const date = utcDate(at);
  const values = {
    reviewScore: s.reviewScore,
    scoreDesc: s.scoreDesc,
    totalPositive: s.totalPositive,
    totalNegative: s.totalNegative,
    totalReviews: s.totalReviews,
    sampledAt: at,
  };
  // The upsert locks today's row until the commit, so two reads of the same day cannot both alert.
  const changedFrom = await deps.db.transaction(async (tx): Promise<string | null> => {
    await tx
      .insert(steamReviewDays)
      .values({ appId, date, ...values })
      .onConflictDoUpdate({ target: [steamReviewDays.appId, steamReviewDays.date], set: values });
    const [before] = await tx
      .select({ desc: steamReviewDays.scoreDesc })
      .from(steamReviewDays)
      .where(and(eq(steamReviewDays.appId, appId), lt(steamReviewDays.date, date)))
      .orderBy(desc(steamReviewDays.date))
      .limit(1);
    const [today] = await tx
      .select({ alerted: steamReviewDays.changeAlertedFrom })
      .from(steamReviewDays)
      .where(and(eq(steamReviewDays.appId, appId), eq(steamReviewDays.date, date)));
    // The first day of an app has nothing to compare with; a day already alerted stays alerted.
    if (!alert || !before || before.desc === s.scoreDesc || today?.alerted != null) return null;
    await tx
      .update(steamReviewDays)
      .set({ changeAlertedFrom: before.desc })
      .where(and(eq(steamReviewDays.appId, appId), eq(steamReviewDays.date, date)));
    return before.desc;
  });
  // Told after the commit: a listener writes deliveries of its own.
  if (changedFrom !== null) await emitReviewScoreChanged(deps, appId, at, s.scoreDesc, changedFrom);
  if (alert) await checkReviewAnomalies(deps, appId);
  return changedFrom !== null;
}

/** Reads one app's summary from the store and stores it; an answer without a summary stores nothing. */
export async function sampleReviews(
  deps: AppDeps,
  appId: number,
): Promise<"stored" | "stored_empty" | "no_summary"> {
  const summary = await deps.steam.reviewSummary(appId);
  if (!summary) {
    log.warn(`Steam store reviews for app ${appId} came without a query_summary; nothing stored`, {
      component: "reviews",
    });
    return "no_summary";
  }
  await storeReviewDay(deps, appId, summary, deps.now());
  // Stored all the same: a day with no reviews is a fact, but the card must say so in words.
  return summary.totalReviews > 0 ? "stored" : "stored_empty";
}

/** Whether the app already has today's (UTC) row. */
export async function hasReviewDay(deps: AppDeps, appId: number, at = deps.now()): Promise<boolean> {
  const rows = await deps.db
    .select({ d: steamReviewDays.date })
    .from(steamReviewDays)
    .where(and(eq(steamReviewDays.appId, appId), eq(steamReviewDays.date, utcDate(at))));
  return rows.length > 0;
}

export const reviewFailure = (appId: number, err: unknown) =>
  log.warn(`Steam store reviews failed for app ${appId}: ${maskKeys((err as Error).message)}`, {
    component: "reviews",
  });
