import { z } from "zod";
import { overviewInput, overviewQuery } from "./analytics";

// The one timeline: every daily series of a project on one date axis.

/** GET /analytics/timeline/{projectId}?days= (1–365, default 30), the overview's period rules. */
export const timelineQuery = overviewQuery;
export const timelineInput = overviewInput;

export interface TimelineDay {
  /** YYYY-MM-DD (UTC day; Steam's sales dates are Pacific days, shown on the day they carry). */
  date: string;
  /** Net sales in cents; null when financial analytics is off. */
  netRevenueCents: number | null;
  /** Highest sampled player count; null on a day without samples. */
  playerPeak: number | null;
  wishlistAdds: number | null;
  /** 0–100. */
  reviewPercent: number | null;
  /** Seconds the project was on air that day (any of its destinations). */
  broadcastSeconds: number;
}

export interface TimelineSaleEvent {
  start: string;
  end: string;
  label: string;
  discountPercent: number | null;
}

export interface TimelineAnswer {
  from: string;
  to: string;
  days: TimelineDay[];
  saleEvents: TimelineSaleEvent[];
}

export const timelineAnswer = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      netRevenueCents: z.number().int().nullable(),
      playerPeak: z.number().int().nullable(),
      wishlistAdds: z.number().int().nullable(),
      reviewPercent: z.number().nullable(),
      broadcastSeconds: z.number().int(),
    }),
  ),
  saleEvents: z.array(
    z.object({
      start: z.string(),
      end: z.string(),
      label: z.string(),
      discountPercent: z.number().nullable(),
    }),
  ),
});
