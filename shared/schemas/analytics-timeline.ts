import { z } from "zod";
import { overviewInput } from "./analytics";

// The one timeline: every daily series of a project on one date axis.

/** GET /analytics/timeline/{projectId}?days= (1–365, default 30), the overview's period rules. */
export const timelineInput = overviewInput;

/** One day of every series, on one date axis. */
const timelineDay = z.object({
  /** YYYY-MM-DD (UTC day; Steam's sales dates are Pacific days, shown on the day they carry). */
  date: z.string(),
  /** Net sales in cents; null when financial analytics is off. */
  netRevenueCents: z.number().int().nullable(),
  /** Highest sampled player count; null on a day without samples. */
  playerPeak: z.number().int().nullable(),
  wishlistAdds: z.number().int().nullable(),
  /** 0–100. */
  reviewPercent: z.number().nullable(),
  /** Seconds the project was on air that day (any of its destinations). */
  broadcastSeconds: z.number().int(),
});

const timelineSaleEvent = z.object({
  start: z.string(),
  end: z.string(),
  label: z.string(),
  discountPercent: z.number().nullable(),
});

export const timelineAnswer = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(timelineDay),
  saleEvents: z.array(timelineSaleEvent),
});

export type TimelineDay = z.infer<typeof timelineDay>;
export type TimelineSaleEvent = z.infer<typeof timelineSaleEvent>;
export type TimelineAnswer = z.infer<typeof timelineAnswer>;
