import { gameById } from "./catalog";
import { noise } from "./data";

// Review summaries the fake store answers, deterministic per app and day: reviews pile up, and the
// share of positive ones drifts slowly, so the description crosses a threshold now and then as on
// the real store.

const DAY_MS = 86_400_000;

/** Steam's words for a share of positive reviews and a count (the store's published thresholds). */
export function scoreDescription(percent: number, total: number): { score: number; desc: string } {
  if (total === 0) return { score: 0, desc: "No user reviews" };
  if (total < 10) return { score: 0, desc: `${total} user review${total === 1 ? "" : "s"}` };
  if (percent >= 95 && total >= 500) return { score: 9, desc: "Overwhelmingly Positive" };
  if (percent >= 80)
    return total >= 50 ? { score: 8, desc: "Very Positive" } : { score: 7, desc: "Positive" };
  if (percent >= 70) return { score: 6, desc: "Mostly Positive" };
  if (percent >= 40) return { score: 5, desc: "Mixed" };
  if (percent >= 20) return { score: 4, desc: "Mostly Negative" };
  if (total >= 500) return { score: 1, desc: "Overwhelmingly Negative" };
  return total >= 50 ? { score: 2, desc: "Very Negative" } : { score: 3, desc: "Negative" };
}

export interface RawQuerySummary {
  num_reviews: number;
  review_score: number;
  review_score_desc: string;
  total_positive: number;
  total_negative: number;
  total_reviews: number;
}

/** The query_summary of an app at an instant, or null for an app the store does not know. */
export function reviewSummaryAt(appId: number, ms: number): RawQuerySummary | null {
  const game = gameById(appId);
  if (!game) return null;
  const day = Math.floor(ms / DAY_MS);
  // Growth with the player base; the share wanders ±6 points around a per-game level over ~2 months.
  const total = Math.round(game.basePlayers * 2.4 + (day % 1000) * (game.basePlayers / 90));
  const level = 72 + 14 * noise(appId, 7);
  const percent = level + 6 * Math.sin((day / 60) * 2 * Math.PI) + noise(appId, day) - 0.5;
  const positive = Math.round((total * Math.min(99, percent)) / 100);
  const { score, desc } = scoreDescription((positive / total) * 100, total);
  return {
    num_reviews: 0,
    review_score: score,
    review_score_desc: desc,
    total_positive: positive,
    total_negative: total - positive,
    total_reviews: total,
  };
}
