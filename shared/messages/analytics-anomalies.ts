// Anomalies and the weekly digest: the words the Analytics tab and the webhooks show.
import type { AnomalyFigure } from "@shared/schemas/analytics-anomalies";

export const ANOMALY_FIGURES: Record<AnomalyFigure, string> = {
  wishlist_adds: "Wishlist adds",
  wishlist_deletes: "Wishlist deletes",
  refunds: "Refunds",
  review_score: "Positive reviews (%)",
};

const where = (country: string | null) => (country ? ` in ${country}` : "");

export const ANOMALIES = {
  /** The webhook's sentence and the tab's line. */
  sentence: (
    figure: AnomalyFigure,
    country: string | null,
    date: string,
    value: number,
    low: number,
    high: number,
  ) =>
    `${ANOMALY_FIGURES[figure]}${where(country)} were ${value} on ${date}, well ${value > high ? "above" : "below"} a usual day (${low} to ${high}).`,
  title: "Unusual days",
  none: "Nothing unusual in the last weeks: every day stayed within its usual range.",
  method:
    "A day is unusual when it lies far outside the 28 days before it (a robust z-score of 3.5 or more).",
  overall: "All countries",
} as const;
