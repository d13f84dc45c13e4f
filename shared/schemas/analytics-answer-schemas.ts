import { z } from "zod";

// The project overview's answer, written once: the schema gives the API document its answer, and
// the types the analytics service builds and the screens read are inferred from it.

const trend = z.union([z.enum(["up", "down", "stable"]), z.number()]);
const day = z.string().describe("YYYY-MM-DD (UTC)");

const financialOverview = z.object({
  /** Latest date that has sales rows, YYYY-MM-DD, or null. "Daily" figures are that date's. */
  latestDate: day.nullable(),
  /** Money in integer cents. Returns are positive magnitudes; net is Steam's net (gross - returns - tax). */
  currentMetrics: z.object({
    dailyRevenue: z.number(),
    totalRevenue: z.number(),
    dailyUnits: z.number(),
    totalUnits: z.number(),
    /** Net revenue per net unit sold, cents. */
    arpu: z.number(),
    /** Steam's financial API carries no store visits, so no conversion rate can be computed: null. */
    conversionRate: z.number().nullable(),
  }),
  detailedMetrics: z.object({
    grossSales: z.number(),
    grossReturns: z.number(),
    netSales: z.number(),
    grossUnitsSold: z.number(),
    grossUnitsReturned: z.number(),
    netUnitsSold: z.number(),
    /** Tax Steam withheld, cents. */
    netTax: z.number(),
    /** Percent (1 decimal) of gross units returned. */
    returnRate: z.number(),
    /** gross sales / gross units, cents. */
    averageSalePrice: z.number(),
    /** Percent (1 decimal) of gross sales lost to returns. */
    returnsImpact: z.number(),
  }),
  trends: z.object({
    revenueTrend: trend,
    /** Every day of the period, oldest first; revenue in cents (net), units net. */
    revenueData: z.array(z.object({ date: day, revenue: z.number(), units: z.number() })),
  }),
  dataSummary: z.object({
    daysWithData: z.number(),
    periodDays: z.number(),
    coveragePercent: z.number(),
    lastUpdated: z.string().nullable(),
  }),
});

const playerMetric = z.object({
  /** YYYY-MM-DD (UTC). Every day of the period appears, oldest first; `samples` 0 means no data. */
  date: day,
  dailyPeak: z.number(),
  /** Highest sample in the 24 h ending at the end of that day (or now, for today): >= dailyPeak. */
  peak24h: z.number(),
  /** The day's last sample. */
  current: z.number(),
  samples: z.number(),
});

export const analyticsOverviewAnswer = z.object({
  steamEnabled: z.boolean(),
  financialEnabled: z.boolean(),
  hasData: z.boolean(),
  timeRange: z.object({ days: z.number(), startDate: z.string(), endDate: z.string() }),
  project: z.object({
    id: z.number().int(),
    name: z.string(),
    steamAppId: z.number().int().nullable(),
    lastSync: z.string().nullable(),
  }),
  summary: z.object({
    currentPlayers: z.number(),
    peakPlayers: z.number(),
    totalAchievements: z.number(),
    recentNews: z.number(),
    avgDailyPeak: z.number(),
    growthTrend: trend,
    /** Percent with 1 decimal. */
    avgUnlockRate: z.number(),
    /** ISO time of the newest player sample, or null. */
    lastSampleAt: z.string().nullable(),
  }),
  playerMetrics: z.array(playerMetric),
  financial: financialOverview.nullable().describe("Present only while financial analytics is enabled."),
});

export type Trend = z.infer<typeof trend>;
export type PlayerMetric = z.infer<typeof playerMetric>;
export type FinancialOverview = z.infer<typeof financialOverview>;
export type AnalyticsOverview = z.infer<typeof analyticsOverviewAnswer>;
