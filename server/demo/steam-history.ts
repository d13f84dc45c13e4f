import type { AppDeps } from "@server/deps";
import { storeReviewDay } from "@server/features/analytics/reviews/review-days";
import { utcDate } from "@server/features/analytics/steam/dates";
import { steamPlayerDaily } from "@server/platform/db/schema";
import { playersAt } from "@test/fakes/steam/data";
import { reviewSummaryAt } from "@test/fakes/steam/reviews";

// The demo's history beyond its 30 days of raw samples: a daily review summary and daily player
// peaks for the half year before, from the same generators the fake Steam answers with.

const DAY_MS = 86_400_000;
export const DEMO_HISTORY_DAYS = 180;

/** One review row per past day (the fake store's answer for that day), never alerting. */
export async function ensureReviewHistory(
  deps: AppDeps,
  appId: number,
  days = DEMO_HISTORY_DAYS,
): Promise<number> {
  let added = 0;
  for (let d = days; d >= 1; d--) {
    const at = deps.now() - d * DAY_MS;
    const raw = reviewSummaryAt(appId, at);
    if (!raw) continue;
    await storeReviewDay(
      deps,
      appId,
      {
        reviewScore: raw.review_score,
        scoreDesc: raw.review_score_desc,
        totalPositive: raw.total_positive,
        totalNegative: raw.total_negative,
        totalReviews: raw.total_reviews,
      },
      at,
      false,
    );
    added++;
  }
  return added;
}

/** Daily player rows for the days before the raw samples begin, from hourly readings; kept if present. */
export async function ensureOlderDailyPeaks(
  deps: AppDeps,
  appId: number,
  fromDaysAgo = 31,
  days = DEMO_HISTORY_DAYS,
) {
  const today = Date.parse(`${utcDate(deps.now())}T00:00:00Z`);
  for (let d = fromDaysAgo; d <= days; d++) {
    const start = today - d * DAY_MS;
    const counts = Array.from({ length: 24 }, (_, h) => playersAt(appId, start + h * 3_600_000));
    const total = counts.reduce((s, n) => s + n, 0);
    await deps.db
      .insert(steamPlayerDaily)
      .values({ appId, date: utcDate(start), peak: Math.max(...counts), total, samples: counts.length })
      .onConflictDoNothing();
  }
}
