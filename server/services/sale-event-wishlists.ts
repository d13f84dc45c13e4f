import type { AppDeps } from "../deps";

/**
 * Wishlist purchases of an app from `first` to `last` (inclusive, YYYY-MM-DD), for a sale event's
 * scorecard. Null until the stored wishlist reports are read here: the card then shows "not known"
 * rather than a zero that would read as "nobody bought".
 */
export function wishlistPurchasesDuring(
  _deps: AppDeps,
  _appId: number,
  _first: string,
  _last: string,
): number | null {
  return null;
}
