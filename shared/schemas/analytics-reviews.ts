import { COMMON } from "@shared/messages/common";
import { z } from "zod";
import { countUpTo, idSchema } from "./ids";

// The reviews section of the analytics tab: input of the call (tRPC and REST) and its answer.

/** Up to three years of daily review rows. */
export const REVIEW_MAX_DAYS = 1095;
export const REVIEW_DEFAULT_DAYS = 90;

const reviewDays = countUpTo(REVIEW_MAX_DAYS, COMMON.invalid("days"));

/** GET /analytics/reviews/{projectId}?days= and analytics.reviews. */
export const reviewsInput = z.object({ projectId: idSchema, days: reviewDays.default(REVIEW_DEFAULT_DAYS) });

const reviewDay = z.object({
  date: z.string().describe("UTC day, YYYY-MM-DD"),
  scoreDescription: z.string().describe('Steam\'s words, e.g. "Very Positive"'),
  totalPositive: z.number().int(),
  totalNegative: z.number().int(),
  totalReviews: z.number().int(),
  percentPositive: z.number().nullable().describe("total_positive ÷ total_reviews × 100, 1 decimal"),
});

export const reviewsAnswer = z.object({
  projectId: z.number().int(),
  appId: z.number().int(),
  days: z.number().int(),
  latest: reviewDay.nullable(),
  trend: z.array(reviewDay).describe("One row per day with a stored summary, oldest first"),
  change: z.object({
    percentPositive: z.number().nullable().describe("Points gained or lost over the period"),
    totalReviews: z.number().int().nullable().describe("Reviews added over the period"),
  }),
  lastSampledAt: z.string().nullable(),
});

export type ReviewDay = z.infer<typeof reviewDay>;
export type ReviewsAnswer = z.infer<typeof reviewsAnswer>;
