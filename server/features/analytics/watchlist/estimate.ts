import { BOXLEITER } from "@shared/messages/watchlist";

/**
 * Units sold estimated from a Steam review count (the Boxleiter method): the count times the low and
 * the high published multiplier. No reviews, no estimate: zero reviews says nothing about sales.
 */
export function salesEstimate(totalReviews: number | null): { low: number; high: number } | null {
  if (totalReviews === null || totalReviews <= 0) return null;
  return { low: totalReviews * BOXLEITER.low, high: totalReviews * BOXLEITER.high };
}
