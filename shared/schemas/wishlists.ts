import { COMMON } from "@shared/messages/common";
import { z } from "zod";
import { countUpTo, idSchema } from "./ids";

// The wishlists card and GET /analytics/wishlists/{projectId}: inputs and the answer's shape.

/** Wishlist history reaches three years back, so a period can too. */
export const WISHLIST_MAX_PERIOD_DAYS = 1095;
export const WISHLIST_DEFAULT_DAYS = 90;
export const WISHLIST_TOP_COUNTRIES = 8;

const wishlistDays = countUpTo(WISHLIST_MAX_PERIOD_DAYS, COMMON.invalid("days"));

/** GET /analytics/wishlists/{projectId}?days= and analytics.wishlists. */
export const wishlistsInput = z.object({
  projectId: idSchema,
  days: wishlistDays.default(WISHLIST_DEFAULT_DAYS),
});

const counts = {
  adds: z.number().int(),
  deletes: z.number().int(),
  purchases: z.number().int(),
  gifts: z.number().int(),
};

export const wishlistDaySchema = z.object({
  date: z.string().describe("GMT date, YYYY-MM-DD"),
  ...counts,
  balance: z
    .number()
    .int()
    .describe("Outstanding wishlists at the end of the day, counted from the first stored date."),
});

export const wishlistsAnswer = z.object({
  financialEnabled: z.boolean(),
  hasData: z.boolean(),
  period: z.object({ days: z.number().int(), startDate: z.string(), endDate: z.string() }),
  firstDate: z.string().nullable().describe("The first stored wishlist date."),
  totals: z.object(counts),
  balance: z.number().int().describe("Outstanding wishlists at the end of the period."),
  balanceChange: z.number().int().describe("How much the balance moved over the period."),
  conversion: z.number().nullable().describe("Purchases ÷ adds over the period; null without adds."),
  platforms: z
    .object({ windows: z.number().int(), mac: z.number().int(), linux: z.number().int() })
    .nullable(),
  daily: z.array(wishlistDaySchema),
  topCountries: z.array(z.object({ countryCode: z.string(), ...counts })),
});

export type WishlistDay = z.infer<typeof wishlistDaySchema>;
export type WishlistsAnswer = z.infer<typeof wishlistsAnswer>;
