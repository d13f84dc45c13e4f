import type { AppDeps } from "@server/deps";
import { percentPositive } from "@server/features/analytics/reviews/reviews";
import { appDiscountRuns } from "@server/features/analytics/sales/sale-events";
import { salesNames } from "@server/features/analytics/sales/sales-info-store";
import { steamReviewDays, steamWishlistDays } from "@server/platform/db/schema";
import { and, eq, gte, lte } from "drizzle-orm";

// What the one timeline reads from the other analytics parts: wishlist adds, review percent and the
// sale events, each for one app over the timeline's dates.

const span = (dates: string[]) => ({ first: dates[0] ?? "", last: dates.at(-1) ?? "" });

/** Wishlist adds per day of `dates` (oldest first); days without data are left out. */
export async function wishlistAddsPerDay(
  deps: AppDeps,
  appId: number,
  dates: string[],
): Promise<Map<string, number>> {
  const { first, last } = span(dates);
  const W = steamWishlistDays;
  const rows = await deps.db
    .select({ date: W.date, adds: W.adds })
    .from(W)
    .where(and(eq(W.appId, appId), gte(W.date, first), lte(W.date, last)));
  return new Map(rows.map((r) => [r.date, r.adds]));
}

/** Percent of positive reviews (0–100) per day of `dates` (oldest first); days without a sample are left out. */
export async function reviewPercentPerDay(
  deps: AppDeps,
  appId: number,
  dates: string[],
): Promise<Map<string, number>> {
  const { first, last } = span(dates);
  const R = steamReviewDays;
  const out = new Map<string, number>();
  const rows = await deps.db
    .select()
    .from(R)
    .where(and(eq(R.appId, appId), gte(R.date, first), lte(R.date, last)));
  for (const r of rows) {
    const percent = percentPositive(r.totalPositive, r.totalReviews);
    if (percent !== null) out.set(r.date, percent);
  }
  return out;
}

/** A discount period, marked on the timeline (both dates included, YYYY-MM-DD). */
export interface SaleEventMark {
  start: string;
  end: string;
  /** The discount's name from Steam, e.g. "Summer Sale". */
  label: string;
  discountPercent: number | null;
}

/** Sale events overlapping [from, to] (YYYY-MM-DD, both included), oldest first. */
export async function saleEventMarks(
  deps: AppDeps,
  appId: number,
  from: string,
  to: string,
): Promise<SaleEventMark[]> {
  const names = (await salesNames(deps)).discounts;
  return (await appDiscountRuns(deps, appId))
    .filter((run) => run.endDate >= from && run.startDate <= to)
    .sort((a, b) => a.startDate.localeCompare(b.startDate))
    .map((run) => {
      const info = names.get(run.combinedDiscountId);
      return {
        start: run.startDate,
        end: run.endDate,
        label: info?.name ?? `Discount ${run.combinedDiscountId}`,
        discountPercent: info?.totalDiscountPercentage ?? null,
      };
    });
}
