import { z } from "zod";
import { ANALYTICS } from "../messages/analytics";
import { idSchema, queryFlag, queryId, queryInt } from "./ids";
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
/** How long the screen waits after a sync call before it reloads its figures. */
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
const daysRange = z
  .number("Invalid days")
  .int("Invalid days")
  .min(1, "Invalid days")
  .max(MAX_PERIOD_DAYS, "Invalid days");
const days = daysRange.default(DEFAULT_PERIOD_DAYS);
/** A Steam app id: positive integer (Steam's ids fit easily in 32 bits). JSON bodies send a number. */
export const steamAppIdSchema = z
  .number(ANALYTICS.appIdInvalid)
  .int(ANALYTICS.appIdInvalid)
  .positive(ANALYTICS.appIdInvalid)
  .max(2 ** 31 - 1, ANALYTICS.appIdInvalid);
const newsLimit = z
  .number("Invalid limit")
  .int("Invalid limit")
  .min(1, "Invalid limit")
  .max(NEWS_LIMIT, "Invalid limit");
const searchLimit = z
  .number("Invalid limit")
  .int("Invalid limit")
  .min(1, "Invalid limit")
  .max(SEARCH_LIMIT, "Invalid limit");
/** A query parameter left empty ("?partnerId=") counts as absent. */
const blankAsAbsent = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

export const newsInput = z.object({
  projectId,
  limit: newsLimit.default(NEWS_LIMIT),
  /** Bypass the cache (the refresh button). */
  refresh: z.boolean("refresh must be true or false").default(false),
});
/** GET /analytics/news/{id}?limit=&refresh=1 */
export const newsQuery = z.object({
  limit: queryInt("Invalid limit").pipe(newsLimit).default(NEWS_LIMIT),
  refresh: queryFlag("refresh must be 1, true, 0 or false").default(false),
});
export const overviewInput = z.object({ projectId, days });
/** GET /analytics/project-overview/{id}?days= */
export const overviewQuery = z.object({
  days: queryInt("Invalid days").pipe(daysRange).default(DEFAULT_PERIOD_DAYS),
});
export const syncInput = z.object({ projectId, days });
export const projectOnlyInput = z.object({ projectId });

export const DATE_RANGES = ["recent", "monthly", "yearly"] as const;
export type DateRange = (typeof DATE_RANGES)[number];
export const fetchAllAppsInput = z.object({
  dateRange: z.enum(DATE_RANGES, ANALYTICS.dateRangeInvalid),
});

export const testFinancialApiInput = z.object({
  appId: steamAppIdSchema.optional().refine((v) => v !== undefined, ANALYTICS.testAppIdRequired),
  partnerId: z
    .number("Invalid partnerId")
    .int("Invalid partnerId")
    .positive("Invalid partnerId")
    .max(Number.MAX_SAFE_INTEGER, "Invalid partnerId")
    .nullish()
    .transform((v) => v ?? undefined),
});
/** GET /analytics/steam/test-financial-api?appId=&partnerId= */
export const testFinancialApiQuery = z.object({
  appId: blankAsAbsent(queryInt(ANALYTICS.appIdInvalid).pipe(steamAppIdSchema)).refine(
    (v) => v !== undefined,
    ANALYTICS.testAppIdRequired,
  ),
  partnerId: blankAsAbsent(queryId("Invalid partnerId")),
});

const searchText = z
  .string()
  .trim()
  .min(SEARCH_MIN_CHARS, ANALYTICS.searchTooShort)
  .max(100, "Search text is too long");
export const searchInput = z.object({ q: searchText, limit: searchLimit.default(SEARCH_LIMIT) });
/** GET /analytics/steam/search?q=&limit= */
export const searchQuery = z.object({
  q: searchText,
  limit: queryInt("Invalid limit").pipe(searchLimit).default(SEARCH_LIMIT),
});

/** The body of PUT /analytics/settings/{projectId}; the tRPC input adds projectId. */
export const settingsBody = z.object({
  steamAppId: steamAppIdSchema.nullable(),
  steamAnalyticsEnabled: z.boolean(),
  financialAnalyticsEnabled: z.boolean(),
  /** The chosen game's name from the search, kept only for display (optional). */
  steamAppName: safeName(z.string().trim().max(200)).nullish(),
});
export const updateSettingsInput = settingsBody.extend({ projectId });
export const settingsInput = z.object({ projectId });

// ---- answers ----

export type Trend = "up" | "down" | "stable" | number;

export interface NewsItem {
  gid: string;
  title: string;
  url: string;
  author: string;
  feedlabel: string;
  /** ISO time. */
  published_date: string;
  /** Plain-text excerpt (Steam sends BBCode/HTML; tags are stripped). */
  excerpt: string;
  /** Steam's news API has no view, comment or like counts: always null, kept for the spec's shape. */
  views: number | null;
  comments: number | null;
  likes: number | null;
}
export interface NewsResponse {
  summary: { totalArticles: number; fetchedAt: string | null };
  newsItems: NewsItem[];
}

export interface PlayerMetric {
  /** YYYY-MM-DD (UTC). Every day of the period appears, oldest first; `samples` 0 means no data. */
  date: string;
  dailyPeak: number;
  /** Highest sample in the 24 h ending at the end of that day (or now, for today): >= dailyPeak. */
  peak24h: number;
  /** The day's last sample. */
  current: number;
  samples: number;
}

export interface FinancialOverview {
  /** Latest date that has sales rows, YYYY-MM-DD, or null. "Daily" figures are that date's. */
  latestDate: string | null;
  /** Money in integer cents. Returns are positive magnitudes; net is Steam's net (gross - returns - tax). */
  currentMetrics: {
    dailyRevenue: number;
    totalRevenue: number;
    dailyUnits: number;
    totalUnits: number;
    /** Net revenue per net unit sold, cents. */
    arpu: number;
    /** Steam's financial API carries no store visits, so no conversion rate can be computed: null. */
    conversionRate: number | null;
  };
  detailedMetrics: {
    grossSales: number;
    grossReturns: number;
    netSales: number;
    grossUnitsSold: number;
    grossUnitsReturned: number;
    netUnitsSold: number;
    /** Tax Steam withheld, cents. */
    netTax: number;
    /** Percent (1 decimal) of gross units returned. */
    returnRate: number;
    /** gross sales / gross units, cents. */
    averageSalePrice: number;
    /** Percent (1 decimal) of gross sales lost to returns. */
    returnsImpact: number;
  };
  trends: {
    revenueTrend: Trend;
    /** Every day of the period, oldest first; revenue in cents (net), units net. */
    revenueData: { date: string; revenue: number; units: number }[];
  };
  dataSummary: {
    daysWithData: number;
    periodDays: number;
    coveragePercent: number;
    lastUpdated: string | null;
  };
}

export interface AnalyticsOverview {
  steamEnabled: boolean;
  financialEnabled: boolean;
  hasData: boolean;
  timeRange: { days: number; startDate: string; endDate: string };
  project: { id: number; name: string; steamAppId: number | null; lastSync: string | null };
  summary: {
    currentPlayers: number;
    peakPlayers: number;
    totalAchievements: number;
    recentNews: number;
    avgDailyPeak: number;
    growthTrend: Trend;
    /** Percent with 1 decimal. */
    avgUnlockRate: number;
    /** ISO time of the newest player sample, or null. */
    lastSampleAt: string | null;
  };
  playerMetrics: PlayerMetric[];
  /** Present only while financial analytics is enabled. */
  financial: FinancialOverview | null;
}

export interface SteamSyncResult {
  success: boolean;
  message: string;
  currentPlayers: number | null;
  achievements: number | null;
  newsItems: number | null;
  /** One line per part that failed (sample, achievements, news); empty when all worked. */
  errors: string[];
}

export interface FinancialSyncResult {
  success: boolean;
  message: string;
  recordsFound: number;
  datesProcessed: number;
  error?: string;
}

export interface FetchAllAppsResult {
  success: boolean;
  appsProcessed: number;
  totalApps: number;
  message: string;
  error?: string;
  results: { appId: number; weeksProcessed: number; successfulWeeks: number; recordsFound: number }[];
}

export interface TestResult {
  test: string;
  success: boolean;
  message: string;
  error?: string;
  resultsCount?: number;
  data?: unknown;
}
export interface TestFinancialApiResult {
  success: boolean;
  testResults: TestResult[];
}

export interface SteamSearchResult {
  appId: number;
  name: string;
  /** Small capsule image from the store, if any. */
  tinyImage: string | null;
}

export interface AnalyticsSettings {
  steam_app_id: number | null;
  steam_analytics_enabled: boolean;
  financial_analytics_enabled: boolean;
}
export interface AnalyticsSettingsView extends AnalyticsSettings {
  /** The game's name when known (from news/search caches), else null. */
  app_name: string | null;
  steam_last_sync: string | null;
  /** Whether the server holds a partner key (the key itself never leaves the server). */
  partnerKeyConfigured: boolean;
}
