import { COMMON } from "@shared/messages/common";
import { WATCHLIST } from "@shared/messages/watchlist";
import { z } from "zod";
import { steamAppIdSchema } from "./analytics";
import { countUpTo, idSchema } from "./ids";

// A project's watch list of other Steam games and the Compare card: inputs (tRPC and REST) and answers.

export const WATCH_STATE_KINDS = ["ok", "unknown_app", "no_reviews", "rate_limited", "unavailable"] as const;
export type WatchState = (typeof WATCH_STATE_KINDS)[number];

/** GET /analytics/{projectId}/watchlist. */
export const watchlistInput = z.object({ projectId: idSchema });

/** POST /analytics/{projectId}/watchlist: an app found through the game search. */
export const watchlistAddInput = z.object({
  projectId: idSchema,
  appId: steamAppIdSchema,
  name: z
    .string(WATCHLIST.nameInvalid)
    .trim()
    .min(1, WATCHLIST.nameInvalid)
    .max(200, WATCHLIST.nameInvalid)
    .optional(),
});

/** DELETE /analytics/{projectId}/watchlist/{appId}. */
export const watchlistRemoveInput = z.object({ projectId: idSchema, appId: steamAppIdSchema });

const stateSchema = z
  .enum(WATCH_STATE_KINDS)
  .nullable()
  .describe("Outcome of the last read; null = not read yet");

export const watchedApp = z.object({
  appId: z.number().int(),
  name: z.string(),
  addedAt: z.string().describe("ISO 8601"),
  states: z.object({ players: stateSchema, reviews: stateSchema, details: stateSchema }),
});

export const watchlistAnswer = z.object({
  projectId: z.number().int(),
  max: z.number().int(),
  apps: z.array(watchedApp),
});
export type WatchlistAnswer = z.infer<typeof watchlistAnswer>;

export const COMPARE_MAX_DAYS = 365;
/** GET /analytics/{projectId}/compare?days=. */
export const compareInput = z.object({
  projectId: idSchema,
  days: countUpTo(COMPARE_MAX_DAYS, COMMON.invalid("days")).default(90),
});

const estimate = z
  .object({ low: z.number().int(), high: z.number().int() })
  .nullable()
  .describe("Units sold estimated from reviews; null without reviews");

export const compareGame = z.object({
  appId: z.number().int(),
  name: z.string(),
  own: z.boolean(),
  states: watchedApp.shape.states,
  /** Daily average players indexed to the first day with data (day 0 = 100). */
  players: z.array(
    z.object({ day: z.number().int(), date: z.string(), average: z.number(), index: z.number() }),
  ),
  /** Reviews gained per ISO week (Monday), from the daily totals. */
  reviewsPerWeek: z.array(z.object({ week: z.string(), gained: z.number().int() })),
  prices: z.array(
    z.object({
      date: z.string(),
      currency: z.string().nullable(),
      finalCents: z.number().int().nullable(),
      discountPercent: z.number().int(),
      isFree: z.boolean(),
    }),
  ),
  latest: z.object({
    averagePlayers: z.number().nullable(),
    totalReviews: z.number().int().nullable(),
    percentPositive: z.number().nullable(),
    reviewsPerWeek: z.number().nullable(),
    priceCents: z.number().int().nullable(),
    releaseDate: z.string().nullable(),
  }),
  estimate,
  /** Units sold from the studio's own financial data, for its own game when it has any. */
  realUnits: z.number().int().nullable(),
});
export type CompareGame = z.infer<typeof compareGame>;

const figure = z.number().nullable();
export const compareAnswer = z.object({
  projectId: z.number().int(),
  days: z.number().int(),
  games: z.array(compareGame),
  /** Median of the watched games (not your own) for each latest figure; null where none has it. */
  median: z.object({
    averagePlayers: figure,
    totalReviews: figure,
    percentPositive: figure,
    reviewsPerWeek: figure,
    priceCents: figure,
  }),
  method: z.string().describe("How the sales estimates are made, with the multipliers' source"),
});
export type CompareAnswer = z.infer<typeof compareAnswer>;
