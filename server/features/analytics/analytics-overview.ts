import type { AppDeps } from "@server/deps";
import { dailyPlayers } from "@server/features/analytics/players/player-history";
import { dayRange, pacificDate, utcDate } from "@server/features/analytics/steam/dates";
import { requireProject } from "@server/features/projects";
import { steamNews, steamPlayerSamples, steamSales, steamSalesDates } from "@server/platform/db/schema";
import { iso } from "@server/platform/iso";
import type { AnalyticsOverview, FinancialOverview, PlayerMetric, Trend } from "@shared/schemas/analytics";
import { PLAYER_CHART_DAYS } from "@shared/schemas/analytics";
import type { SessionUser } from "@shared/types";
import { and, between, desc, eq, gte, lte, max } from "drizzle-orm";
import { appCache } from "./analytics-steam";

// GET /analytics/project-overview/{id}?days=n, computed from stored samples,
// caches and sales rows only: opening the tab never waits on Steam.

const DAY_MS = 86_400_000;
const round1 = (n: number) => Math.round(n * 10) / 10;
const pct = (part: number, whole: number) => (whole === 0 ? 0 : round1((part / whole) * 100));

/** Percent change of the newer half over the older half (1 decimal); "stable" without two halves. */
export function halfOverHalf(values: number[]): Trend {
  if (values.length < 2) return "stable";
  const mid = Math.floor(values.length / 2);
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const older = mean(values.slice(0, mid));
  const newer = mean(values.slice(values.length - mid));
  if (older === 0) return newer > 0 ? "up" : "stable";
  return round1(((newer - older) / older) * 100);
}

/** Index of the first sample at or after `t` (binary search over samples sorted by time). */
function firstAtOrAfter(samples: { at: number }[], t: number): number {
  let lo = 0;
  let hi = samples.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (samples[mid]!.at < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export async function playerMetrics(
  deps: AppDeps,
  appId: number,
  days: number,
  now: number,
): Promise<PlayerMetric[]> {
  const dates = dayRange(utcDate(now), days);
  const from = Date.parse(`${dates[0]}T00:00:00Z`) - DAY_MS;
  const samples = await deps.db
    .select({ at: steamPlayerSamples.sampledAt, n: steamPlayerSamples.playerCount })
    .from(steamPlayerSamples)
    .where(and(eq(steamPlayerSamples.appId, appId), between(steamPlayerSamples.sampledAt, from, now)))
    .orderBy(steamPlayerSamples.sampledAt);
  // Raw samples are kept 30 days; older days (and any day whose samples are gone) come from the daily rows.
  const daily = new Map(
    (await dailyPlayers(deps, appId, dates[0]!, dates[dates.length - 1]!)).map((d) => [d.date, d]),
  );
  return dates.map((date) => {
    const start = Date.parse(`${date}T00:00:00Z`);
    const end = Math.min(start + DAY_MS, now + 1);
    let dailyPeak = 0;
    let peak24h = 0;
    let current = 0;
    let count = 0;
    // Samples are sorted: start at the first one inside this day's 24 h window, not at the beginning.
    for (let i = firstAtOrAfter(samples, end - DAY_MS); i < samples.length; i++) {
      const s = samples[i]!;
      if (s.at >= end) break;
      if (s.at >= end - DAY_MS) peak24h = Math.max(peak24h, s.n);
      if (s.at >= start) {
        dailyPeak = Math.max(dailyPeak, s.n);
        current = s.n;
        count++;
      }
    }
    const kept = daily.get(date);
    if (count === 0 && kept)
      return { date, dailyPeak: kept.peak, peak24h: kept.peak, current: kept.average, samples: kept.samples };
    return { date, dailyPeak, peak24h, current, samples: count };
  });
}

export async function financialOverview(
  deps: AppDeps,
  appId: number,
  days: number,
  now: number,
): Promise<FinancialOverview> {
  const dates = dayRange(pacificDate(now), days);
  const first = dates[0]!;
  const last = dates[dates.length - 1]!;
  const rows = await deps.db
    .select()
    .from(steamSales)
    .where(and(eq(steamSales.primaryAppId, appId), gte(steamSales.date, first), lte(steamSales.date, last)));
  const byDate = new Map<string, { revenue: number; units: number }>();
  const t = { gross: 0, returns: 0, tax: 0, net: 0, sold: 0, returned: 0, netUnits: 0 };
  for (const r of rows) {
    t.gross += r.grossSalesCents;
    t.returns += Math.abs(r.grossReturnsCents);
    t.tax += r.netTaxCents;
    t.net += r.netSalesCents;
    t.sold += r.grossUnitsSold;
    t.returned += Math.abs(r.grossUnitsReturned);
    t.netUnits += r.netUnitsSold;
    const d = byDate.get(r.date) ?? { revenue: 0, units: 0 };
    d.revenue += r.netSalesCents;
    d.units += r.netUnitsSold;
    byDate.set(r.date, d);
  }
  const revenueData = dates.map((date) => ({ date, ...(byDate.get(date) ?? { revenue: 0, units: 0 }) }));
  const latestDate = [...byDate.keys()].sort().at(-1) ?? null;
  const latest = latestDate ? byDate.get(latestDate)! : { revenue: 0, units: 0 };
  const [fetched] = await deps.db.select({ at: max(steamSalesDates.fetchedAt) }).from(steamSalesDates);
  const lastFetch = fetched?.at;
  return {
    latestDate,
    currentMetrics: {
      dailyRevenue: latest.revenue,
      totalRevenue: t.net,
      dailyUnits: latest.units,
      totalUnits: t.netUnits,
      arpu: t.netUnits > 0 ? Math.round(t.net / t.netUnits) : 0,
      conversionRate: null,
    },
    detailedMetrics: {
      grossSales: t.gross,
      grossReturns: t.returns,
      netSales: t.net,
      grossUnitsSold: t.sold,
      grossUnitsReturned: t.returned,
      netUnitsSold: t.netUnits,
      netTax: t.tax,
      returnRate: pct(t.returned, t.sold),
      averageSalePrice: t.sold > 0 ? Math.round(t.gross / t.sold) : 0,
      returnsImpact: pct(t.returns, t.gross),
    },
    trends: { revenueTrend: halfOverHalf(revenueData.map((d) => d.revenue)), revenueData },
    dataSummary: {
      daysWithData: byDate.size,
      periodDays: days,
      coveragePercent: pct(byDate.size, days),
      lastUpdated: iso(lastFetch),
    },
  };
}

export async function getOverview(
  deps: AppDeps,
  user: SessionUser,
  input: { projectId: number; days: number },
): Promise<AnalyticsOverview> {
  const p = await requireProject(deps, user, input.projectId);
  const now = deps.now();
  const appId = p.steamAppId;
  // The chart always shows 30 days, whatever the period; the figures use the period.
  const metrics = appId ? await playerMetrics(deps, appId, Math.max(input.days, PLAYER_CHART_DAYS), now) : [];
  const period = metrics.slice(-input.days);
  const withData = period.filter((m) => m.samples > 0);
  const [latest] = appId
    ? await deps.db
        .select()
        .from(steamPlayerSamples)
        .where(eq(steamPlayerSamples.appId, appId))
        .orderBy(desc(steamPlayerSamples.sampledAt))
        .limit(1)
    : [];
  const cache = appId ? await appCache(deps, appId) : undefined;
  const periodStart = Date.parse(`${dayRange(utcDate(now), input.days)[0]}T00:00:00Z`);
  const recentNews = appId
    ? (
        await deps.db
          .select({ gid: steamNews.gid })
          .from(steamNews)
          .where(and(eq(steamNews.appId, appId), gte(steamNews.publishedAt, periodStart)))
      ).length
    : 0;
  const financial =
    p.financialAnalyticsEnabled && appId ? await financialOverview(deps, appId, input.days, now) : null;
  const avgDailyPeak = withData.length
    ? Math.round(withData.reduce((s, m) => s + m.dailyPeak, 0) / withData.length)
    : 0;
  return {
    steamEnabled: p.steamAnalyticsEnabled,
    financialEnabled: p.financialAnalyticsEnabled,
    hasData:
      withData.length > 0 || cache?.achievementsFetchedAt != null || (financial?.latestDate ?? null) !== null,
    timeRange: {
      days: input.days,
      startDate: utcDate(periodStart),
      endDate: utcDate(now),
    },
    project: { id: p.id, name: p.name, steamAppId: appId, lastSync: iso(p.steamLastSync) },
    summary: {
      currentPlayers: latest?.playerCount ?? 0,
      peakPlayers: Math.max(0, ...withData.map((m) => m.dailyPeak)),
      totalAchievements: cache?.achievementCount ?? 0,
      recentNews,
      avgDailyPeak,
      growthTrend: halfOverHalf(withData.map((m) => m.dailyPeak)),
      avgUnlockRate: round1(cache?.achievementAvgPercent ?? 0),
      lastSampleAt: iso(latest?.sampledAt),
    },
    playerMetrics: metrics,
    financial,
  };
}
