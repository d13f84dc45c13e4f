import { SALES } from "@shared/messages/analytics-sales";
import { z } from "zod";
import { DEFAULT_PERIOD_DAYS, periodDays } from "./analytics";
import { idSchema } from "./ids";

// Sales breakdowns, sale-event scorecards and refunds: inputs (one schema for tRPC, REST and the
// client) and answers (the types are inferred, so the API document and the service cannot drift).

export const BREAKDOWN_BY = ["country", "platform", "package", "discount"] as const;
export type BreakdownBy = (typeof BREAKDOWN_BY)[number];

const by = z.enum(BREAKDOWN_BY, SALES.byInvalid);

/**
 * GET /analytics/sales-breakdown/{projectId}?days=&by= and analyticsSales.breakdown. Strict: a
 * parameter this address does not take is refused rather than ignored.
 */
export const breakdownInput = z.strictObject(
  {
    projectId: idSchema,
    days: periodDays.default(DEFAULT_PERIOD_DAYS),
    by: by.default("country"),
  },
  SALES.unknownParam,
);
/** GET /analytics/refunds/{projectId}?days= and analyticsSales.refunds. */
export const refundsInput = breakdownInput.pick({ projectId: true, days: true });
/** GET /analytics/sale-events/{projectId} (no parameters) and analyticsSales.saleEvents. */
export const saleEventsInput = z.strictObject({ projectId: idSchema }, SALES.unknownParam);

const day = z.string().describe("YYYY-MM-DD (Steam's Pacific sales date)");
const cents = z.number().int().describe("US cents");
const rate = z
  .number()
  .nullable()
  .describe("Returned units ÷ gross units sold, in percent (1 decimal); null without sales");

export const breakdownRow = z.object({
  key: z
    .string()
    .describe("Country code, platform, package:<id> / bundle:<id>, or discount id (none = full price)"),
  name: z.string(),
  detail: z.string().nullable().describe("Region of a country, depth of a discount"),
  grossCents: cents,
  returnsCents: cents.describe("Positive US cents refunded"),
  taxCents: cents.describe(
    "Tax Steam withheld, positive US cents: gross − returns − net, so the figures add up to the cent (within cents of the summed net_tax_usd, which Steam rounds per line)",
  ),
  netCents: cents.describe("Steam's net: gross − returns − tax"),
  grossUnits: z.number().int(),
  returnedUnits: z.number().int(),
  netUnits: z.number().int(),
  refundRate: rate,
});
export const breakdownAnswer = z.object({
  by,
  startDate: day,
  endDate: day,
  rows: z.array(breakdownRow),
  totals: breakdownRow.omit({ key: true, name: true, detail: true }),
});

export const refundDay = z.object({
  date: day,
  grossUnits: z.number().int(),
  returnedUnits: z.number().int(),
  refundRate: rate,
  /** The median rate of the 28 days before; null when fewer than 7 of them had sales. */
  baselineRate: z.number().nullable(),
  spike: z.boolean(),
});
export const refundsAnswer = z.object({
  startDate: day,
  endDate: day,
  days: z.array(refundDay),
  packages: z.array(breakdownRow),
});

export const countryShare = z.object({ code: z.string(), name: z.string(), sharePercent: z.number() });
export const saleEvent = z.object({
  combinedDiscountId: z.number().int(),
  name: z.string(),
  startDate: day,
  endDate: day,
  days: z.number().int(),
  depthPercent: z.number().nullable(),
  netCents: cents,
  netPerDayCents: cents,
  unitsPerDay: z.number(),
  baselineNetPerDayCents: cents
    .nullable()
    .describe("Net per day over the synced days of the 14 before; null without any"),
  liftPercent: z
    .number()
    .nullable()
    .describe("(net per day during ÷ net per day before − 1) × 100; null without a baseline"),
  refundRate: rate,
  wishlistPurchases: z.number().int().nullable(),
  topCountries: z.array(countryShare),
});
export const saleEventsAnswer = z.object({ events: z.array(saleEvent) });

export type BreakdownRow = z.infer<typeof breakdownRow>;
export type BreakdownAnswer = z.infer<typeof breakdownAnswer>;
export type RefundDay = z.infer<typeof refundDay>;
export type RefundsAnswer = z.infer<typeof refundsAnswer>;
export type SaleEvent = z.infer<typeof saleEvent>;
export type SaleEventsAnswer = z.infer<typeof saleEventsAnswer>;
