import { z } from "zod";

export const ANOMALY_FIGURES = ["wishlist_adds", "wishlist_deletes", "refunds", "review_score"] as const;
export type AnomalyFigure = (typeof ANOMALY_FIGURES)[number];

export const anomalyView = z.object({
  figure: z.enum(ANOMALY_FIGURES),
  /** ISO country code; null: the game overall. */
  country: z.string().nullable(),
  date: z.string(),
  value: z.number(),
  median: z.number(),
  low: z.number(),
  high: z.number(),
  message: z.string(),
  sentAt: z.string(),
});
export type AnomalyView = z.infer<typeof anomalyView>;

export const anomaliesAnswer = z.object({ anomalies: z.array(anomalyView) });
export type AnomaliesAnswer = z.infer<typeof anomaliesAnswer>;
