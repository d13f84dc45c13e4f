import { WATCH_STATES, WATCHLIST } from "@shared/messages/watchlist";
import type { CompareGame } from "@shared/schemas/watchlist";

// What the Compare card writes in each cell: the figure, or why there is none, in words.

const n = (x: number) => Math.round(x).toLocaleString("en-US");

export const money = (cents: number, currency: string | null) =>
  (cents / 100).toLocaleString("en-US", { style: "currency", currency: currency ?? "USD" });

/** The words for a failed read, when the last read of that kind failed. */
function stateWords(state: CompareGame["states"]["players"]): string | null {
  return state && state !== "ok" ? WATCH_STATES[state] : null;
}

export function playersCell(g: CompareGame): string {
  if (g.latest.averagePlayers !== null) return n(g.latest.averagePlayers);
  return stateWords(g.states.players) ?? WATCHLIST.noPlayers;
}

export function reviewsCell(g: CompareGame): string {
  if (g.latest.totalReviews !== null && g.latest.totalReviews > 0) return n(g.latest.totalReviews);
  return stateWords(g.states.reviews) ?? WATCHLIST.noReviews;
}

export function positiveCell(g: CompareGame): string {
  return g.latest.percentPositive === null ? "—" : `${g.latest.percentPositive}%`;
}

export function perWeekCell(g: CompareGame): string {
  return g.latest.reviewsPerWeek === null ? "—" : n(g.latest.reviewsPerWeek);
}

export function priceCell(g: CompareGame): string {
  const last = g.prices[g.prices.length - 1];
  if (!last) return stateWords(g.states.details) ?? WATCHLIST.noPrice;
  if (last.isFree) return WATCHLIST.free;
  if (last.finalCents === null) return WATCHLIST.notReleased;
  const price = money(last.finalCents, last.currency);
  return last.discountPercent > 0 ? `${price} (−${last.discountPercent}%)` : price;
}

/** Days where the price or the discount changed from the day before (the first day included). */
export function priceChanges(g: CompareGame) {
  return g.prices.filter(
    (p, i) =>
      i === 0 ||
      p.finalCents !== g.prices[i - 1]!.finalCents ||
      p.discountPercent !== g.prices[i - 1]!.discountPercent,
  );
}

export const units = n;
