import type { AppDeps } from "@server/deps";
import { playerMetrics } from "@server/features/analytics/analytics-overview";
import { dayRange, utcDate } from "@server/features/analytics/steam/dates";
import { requireProject } from "@server/features/projects";
import { steamSales } from "@server/platform/db/schema";
import type { TimelineAnswer } from "@shared/schemas/analytics-timeline";
import type { SessionUser } from "@shared/types";
import { and, eq, gte, lte, sql } from "drizzle-orm";
import { liveSecondsPerDay } from "./broadcast-days";
import { reviewPercentPerDay, saleEventMarks, wishlistAddsPerDay } from "./timeline-sources";

// GET /analytics/timeline/{projectId}?days=n: one row per day with every series, from stored data
// only, so a studio sees what its broadcasts and discounts did to sales, players and wishlists.

async function revenuePerDay(
  deps: AppDeps,
  appId: number,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const s = steamSales;
  const rows = await deps.db
    .select({ date: s.date, net: sql<number>`sum(${s.netSalesCents})` })
    .from(s)
    .where(and(eq(s.primaryAppId, appId), gte(s.date, from), lte(s.date, to)))
    .groupBy(s.date);
  return new Map(rows.map((r) => [r.date, Number(r.net)]));
}

export async function getTimeline(
  deps: AppDeps,
  user: SessionUser,
  input: { projectId: number; days: number },
): Promise<TimelineAnswer> {
  const project = await requireProject(deps, user, input.projectId);
  const now = deps.now();
  const dates = dayRange(utcDate(now), input.days);
  const from = dates[0]!;
  const to = dates.at(-1)!;
  const appId = project.steamAppId;
  const financial = project.financialAnalyticsEnabled && appId !== null;
  const revenue = financial ? await revenuePerDay(deps, appId, from, to) : new Map<string, number>();
  const players = appId ? await playerMetrics(deps, appId, input.days, now) : [];
  const peaks = new Map(players.filter((m) => m.samples > 0).map((m) => [m.date, m.dailyPeak]));
  const wishlists = financial ? await wishlistAddsPerDay(deps, appId, dates) : new Map<string, number>();
  const reviews = appId ? await reviewPercentPerDay(deps, appId, dates) : new Map<string, number>();
  const onAir = await liveSecondsPerDay(deps, project.id, dates, now);
  return {
    from,
    to,
    days: dates.map((date) => ({
      date,
      netRevenueCents: financial ? (revenue.get(date) ?? 0) : null,
      playerPeak: peaks.get(date) ?? null,
      wishlistAdds: wishlists.get(date) ?? null,
      reviewPercent: reviews.get(date) ?? null,
      broadcastSeconds: onAir.get(date) ?? 0,
    })),
    saleEvents: appId ? await saleEventMarks(deps, appId, from, to) : [],
  };
}
