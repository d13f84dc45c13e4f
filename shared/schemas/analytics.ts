import { ANALYTICS } from "@shared/messages/analytics";
import { COMMON } from "@shared/messages/common";
import { z } from "zod";
import { countUpTo, idSchema } from "./ids";
import { safeName } from "./names";

// Inputs and answers of the analytics calls.
// One schema serves the tRPC procedure, the REST adapter and the client form.

export const PERIOD_OPTIONS = [7, 14, 30, 60, 90, 180, 365] as const;
export const DEFAULT_PERIOD_DAYS = 30;
export const PLAYER_CHART_DAYS = 30;
export const NEWS_LIMIT = 10;
export const SEARCH_LIMIT = 10;
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_DEBOUNCE_MS = 300;
export const CHART_BAR_MAX_PX = 232;
export const CHART_BAR_MIN_PX = 4;
/** Reload delays after a sync ends. */
export const RELOAD_AFTER_MS = {
  steam: 5000,
  financialPeriod: 2000,
  fetchRecent: 2000,
  fetchAllHistory: 3000,
};
/** The admin sync's result note clears after 15 s for yearly, 10 s otherwise. */
export const SYNC_NOTE_MS = { yearly: 15_000, other: 10_000 };
export const MAX_PERIOD_DAYS = 365;

const projectId = idSchema;
/** A period in days, 1 to MAX_PERIOD_DAYS. */
export const periodDays = countUpTo(MAX_PERIOD_DAYS, COMMON.invalid("days"));
const days = periodDays.default(DEFAULT_PERIOD_DAYS);
/** A Steam app id: positive integer (Steam's ids fit easily in 32 bits). JSON bodies send a number. */
const appIdChecks = (base: z.ZodNumber) =>
  base
    .int(ANALYTICS.appIdInvalid)
    .positive(ANALYTICS.appIdInvalid)
    .max(2 ** 31 - 1, ANALYTICS.appIdInvalid);
export const steamAppIdSchema = appIdChecks(z.number(ANALYTICS.appIdInvalid));
/** The test dialog's App ID is required: a missing (or empty) one gets its own plain word. */
const appIdOrMissing = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === "" ? ANALYTICS.testAppIdRequired : ANALYTICS.appIdInvalid;
const newsLimit = z
  .number(COMMON.invalid("limit"))
  .int(COMMON.invalid("limit"))
  .min(1, COMMON.invalid("limit"))
  .max(NEWS_LIMIT, COMMON.invalid("limit"));
const searchLimit = z
  .number(COMMON.invalid("limit"))
  .int(COMMON.invalid("limit"))
  .min(1, COMMON.invalid("limit"))
  .max(SEARCH_LIMIT, COMMON.invalid("limit"));
/** A query parameter left empty ("?partnerId=") counts as absent, as does null. */
const blankAsAbsent = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

// Each input below serves one call on both transports: REST fills `projectId` from the path and
// the rest from the query (GET) or the JSON body.

/** GET /analytics/news/{id}?limit=&refresh=1 and analytics.news. */
export const newsInput = z.object({
  projectId,
  limit: newsLimit.default(NEWS_LIMIT),
  /** Bypass the cache (the refresh button). A query sends it as 1, true, 0 or false. */
  refresh: z.boolean(COMMON.notFlag("refresh")).default(false),
});
/** GET /analytics/project-overview/{id}?days= and analytics.overview. */
export const overviewInput = z.object({ projectId, days });
export const syncInput = z.object({ projectId, days });
export const projectOnlyInput = z.object({ projectId });

export const DATE_RANGES = ["recent", "monthly", "yearly"] as const;
export type DateRange = (typeof DATE_RANGES)[number];
export const allAppsSyncInput = z.object({
  dateRange: z.enum(DATE_RANGES, ANALYTICS.dateRangeInvalid),
});

/** GET /analytics/steam/test-financial-api?appId=&partnerId= and analytics.testFinancialApi. */
export const testFinancialApiInput = z.object({
  appId: appIdChecks(z.number({ error: appIdOrMissing })),
  /** Optional; null or an empty query parameter counts as absent. */
  partnerId: blankAsAbsent(
    z
      .number(COMMON.invalid("partnerId"))
      .int(COMMON.invalid("partnerId"))
      .positive(COMMON.invalid("partnerId"))
      .max(Number.MAX_SAFE_INTEGER, COMMON.invalid("partnerId")),
  ),
});

const searchText = z
  .string()
  .trim()
  .min(SEARCH_MIN_CHARS, ANALYTICS.searchTooShort)
  .max(100, COMMON.searchTooLong);
/** GET /analytics/steam/search?q=&limit= and analytics.search. */
export const searchInput = z.object({ q: searchText, limit: searchLimit.default(SEARCH_LIMIT) });

/** PUT /analytics/settings/{projectId} (the rest in the body) and analytics.updateSettings. */
export const updateSettingsInput = z.object({
  projectId,
  steamAppId: steamAppIdSchema.nullable(),
  steamAnalyticsEnabled: z.boolean(),
  financialAnalyticsEnabled: z.boolean(),
  /** The chosen game's name from the search, kept only for display (optional). */
  steamAppName: safeName(z.string().trim().max(200)).nullish(),
});
export const settingsInput = z.object({ projectId });

export * from "./analytics-answers";
