import type { AppDeps } from "@server/deps";
import { datePages } from "@server/features/analytics/export/date-pages";
import { dayRange, utcDate } from "@server/features/analytics/steam/dates";
import { requireProject } from "@server/features/projects";
import { steamReviewDays } from "@server/platform/db/schema";
import { badRequest } from "@server/platform/errors";
import { REVIEWS } from "@shared/messages/analytics-alerts";
import type { ReviewDay, ReviewsAnswer } from "@shared/schemas/analytics-reviews";
import type { SessionUser } from "@shared/types";
import { and, asc, eq, gt, gte, lte } from "drizzle-orm";

// GET /analytics/reviews/{id}?days=n: the stored daily review summaries, never a call to Steam.

const round1 = (n: number) => Math.round(n * 10) / 10;

/** total_positive ÷ total_reviews as a percent with 1 decimal; null without reviews. */
export const percentPositive = (positive: number, total: number): number | null =>
  total > 0 ? round1((positive / total) * 100) : null;

type ReviewRow = typeof steamReviewDays.$inferSelect;

const toDay = (r: ReviewRow): ReviewDay => ({
  date: r.date,
  scoreDescription: r.scoreDesc,
  totalPositive: r.totalPositive,
  totalNegative: r.totalNegative,
  totalReviews: r.totalReviews,
  percentPositive: percentPositive(r.totalPositive, r.totalReviews),
});

/** Change from the first to the last day of the trend: percent points and reviews added. */
export function reviewChange(trend: ReviewDay[]): ReviewsAnswer["change"] {
  const first = trend[0];
  const last = trend[trend.length - 1];
  if (!first || !last || first === last) return { percentPositive: null, totalReviews: null };
  const both = first.percentPositive !== null && last.percentPositive !== null;
  return {
    percentPositive: both ? round1(last.percentPositive! - first.percentPositive!) : null,
    totalReviews: last.totalReviews - first.totalReviews,
  };
}

function reviewRows(deps: AppDeps, appId: number, from: string, to: string): Promise<ReviewRow[]> {
  return deps.db
    .select()
    .from(steamReviewDays)
    .where(
      and(eq(steamReviewDays.appId, appId), gte(steamReviewDays.date, from), lte(steamReviewDays.date, to)),
    )
    .orderBy(asc(steamReviewDays.date));
}

export async function getReviews(
  deps: AppDeps,
  user: SessionUser,
  input: { projectId: number; days: number },
): Promise<ReviewsAnswer> {
  const p = await requireProject(deps, user, input.projectId);
  if (!p.steamAppId) throw badRequest(REVIEWS.noAppId);
  const dates = dayRange(utcDate(deps.now()), input.days);
  const rows = await reviewRows(deps, p.steamAppId, dates[0]!, dates[dates.length - 1]!);
  const trend = rows.map(toDay);
  const last = rows[rows.length - 1];
  return {
    projectId: p.id,
    appId: p.steamAppId,
    days: input.days,
    latest: trend[trend.length - 1] ?? null,
    trend,
    change: reviewChange(trend),
    lastSampledAt: last ? new Date(last.sampledAt).toISOString() : null,
  };
}

/** An app's daily review rows from `from` to `to` (YYYY-MM-DD), a page at a time, in date order. */
export async function* reviewExportRows(
  deps: AppDeps,
  { appId, from, to }: { appId: number; from: string; to: string },
): AsyncGenerator<{
  date: string;
  scoreDescription: string;
  positive: number;
  negative: number;
  total: number;
  percent: number | null;
}> {
  const R = steamReviewDays;
  const rows = datePages((after, limit) =>
    deps.db
      .select()
      .from(R)
      .where(and(eq(R.appId, appId), gte(R.date, from), lte(R.date, to), gt(R.date, after)))
      .orderBy(asc(R.date))
      .limit(limit),
  );
  for await (const r of rows) {
    const d = toDay(r);
    yield {
      date: d.date,
      scoreDescription: d.scoreDescription,
      positive: d.totalPositive,
      negative: d.totalNegative,
      total: d.totalReviews,
      percent: d.percentPositive,
    };
  }
}
