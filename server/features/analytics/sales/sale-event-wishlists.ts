import type { AppDeps } from "@server/deps";
import { steamWishlistDays } from "@server/platform/db/schema";
import { and, count, eq, gte, lte, sum } from "drizzle-orm";

/**
 * Wishlist purchases of an app from `first` to `last` (inclusive, YYYY-MM-DD), for a sale event's
 * scorecard. Null when no wishlist report of those days is stored: the card then shows "not known"
 * rather than a zero that would read as "nobody bought". Wishlist days are GMT and sales days
 * Pacific, so the edges of a sale may shift by a day.
 */
export async function wishlistPurchasesDuring(
  deps: AppDeps,
  appId: number,
  first: string,
  last: string,
): Promise<number | null> {
  const W = steamWishlistDays;
  const [row] = await deps.db
    .select({ days: count(), purchases: sum(W.purchases) })
    .from(W)
    .where(and(eq(W.appId, appId), gte(W.date, first), lte(W.date, last)));
  return row && row.days > 0 ? Number(row.purchases ?? 0) : null;
}
