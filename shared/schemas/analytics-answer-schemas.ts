import { z } from "zod";
import type { AnalyticsOverview } from "./analytics-answers";
import { type Same, sameShape } from "./same-shape";

// Zod schema of the project overview answer, for the API document; the check keeps it equal to the
// TypeScript type the analytics service builds.

const trend = z.union([z.enum(["up", "down", "stable"]), z.number()]);
const day = z.string().describe("YYYY-MM-DD (UTC)");

const financialOverview = z.object({
  latestDate: day.nullable(),
  currentMetrics: z.object({
    dailyRevenue: z.number(),
    totalRevenue: z.number(),
    dailyUnits: z.number(),
    totalUnits: z.number(),
    arpu: z.number(),
    conversionRate: z.number().nullable(),
  }),
  detailedMetrics: z.object({
    grossSales: z.number(),
    grossReturns: z.number(),
    netSales: z.number(),
    grossUnitsSold: z.number(),
    grossUnitsReturned: z.number(),
    netUnitsSold: z.number(),
    netTax: z.number(),
    returnRate: z.number(),
    averageSalePrice: z.number(),
    returnsImpact: z.number(),
  }),
  trends: z.object({
    revenueTrend: trend,
    revenueData: z.array(z.object({ date: day, revenue: z.number(), units: z.number() })),
  }),
  dataSummary: z.object({
    daysWithData: z.number(),
    periodDays: z.number(),
    coveragePercent: z.number(),
    lastUpdated: z.string().nullable(),
  }),
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
    avgUnlockRate: z.number(),
    lastSampleAt: z.string().nullable(),
  }),
  playerMetrics: z.array(
    z.object({
      date: day,
      dailyPeak: z.number(),
      peak24h: z.number(),
      current: z.number(),
      samples: z.number(),
    }),
  ),
  financial: financialOverview.nullable().describe("Present only while financial analytics is enabled."),
});
sameShape<Same<z.infer<typeof analyticsOverviewAnswer>, AnalyticsOverview>>();
