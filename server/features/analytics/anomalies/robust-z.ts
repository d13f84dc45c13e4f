import { median } from "@server/features/analytics/wishlists/wishlist-alerts";

// The robust z-score (Iglewicz and Hoaglin, 1993): how far a day sits from the median of the days
// before it, in units of their median absolute deviation (MAD). 1.4826 · MAD estimates the standard
// deviation of normally distributed data, and |z| ≥ 3.5 is the authors' threshold for an outlier.
// Median and MAD barely move for a single wild day in the window, unlike a mean and a standard
// deviation, so one earlier spike neither hides the next one nor makes ordinary days look odd.

export const MAD_SCALE = 1.4826;
export const Z_THRESHOLD = 3.5;
export const MEAN_AD_SCALE = 1.2533;
/** The trailing window a day is compared with. */
export const WINDOW_DAYS = 28;
/** Fewer days of history than this say nothing about what is usual: no score. */
export const MIN_HISTORY_DAYS = 14;

export interface Score {
  /** Null when the history is too short to tell. */
  z: number | null;
  median: number;
  /** The usual range: the values whose |z| stays under the threshold. */
  low: number;
  high: number;
  anomaly: boolean;
}

/**
 * Scores `value` against the trailing `history` (the newest WINDOW_DAYS are used).
 *
 * When over half of the history is one value the MAD is 0. Then the mean absolute deviation stands
 * in, scaled by 1.2533 (its ratio to the standard deviation of normal data), as Iglewicz and
 * Hoaglin suggest; a history of one value only has no spread at all, and any other value is off
 * the scale (z = ±Infinity). `minChange` keeps tiny counts quiet: a game with no deletes for a month
 * and two today is not news, however large its z.
 */
export function robustZ(history: readonly number[], value: number, minChange = 0): Score {
  const window = history.slice(-WINDOW_DAYS);
  const mid = median([...window]);
  if (window.length < MIN_HISTORY_DAYS) return { z: null, median: mid, low: mid, high: mid, anomaly: false };
  const mad = median(window.map((v) => Math.abs(v - mid)));
  const meanAd = window.reduce((sum, v) => sum + Math.abs(v - mid), 0) / window.length;
  const spread = mad > 0 ? MAD_SCALE * mad : MEAN_AD_SCALE * meanAd;
  const z = spread === 0 ? (value === mid ? 0 : value > mid ? Infinity : -Infinity) : (value - mid) / spread;
  const reach = Math.max(Z_THRESHOLD * spread, minChange);
  return {
    z,
    median: mid,
    low: Math.max(0, mid - reach),
    high: mid + reach,
    anomaly: Math.abs(z) >= Z_THRESHOLD && Math.abs(value - mid) >= minChange,
  };
}
