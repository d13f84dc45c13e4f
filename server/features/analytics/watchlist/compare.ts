import type { AppDeps } from "@server/deps";
import { appCache } from "@server/features/analytics/analytics-steam";
import { percentPositive } from "@server/features/analytics/reviews/reviews";
import { dayRange, utcDate } from "@server/features/analytics/steam/dates";
import { requireProject } from "@server/features/projects";
import { steamPlayerDaily, steamPriceDays, steamReviewDays, steamSales } from "@server/platform/db/schema";
import { ESTIMATES } from "@shared/messages/watchlist";
import type { CompareAnswer, CompareGame } from "@shared/schemas/watchlist";
import type { SessionUser } from "@shared/types";
import { and, asc, eq, gte, inArray, lte, sum } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { type AppStates, statesOf } from "./app-states";
import { salesEstimate } from "./estimate";
import { projectWatchlist } from "./watchlist";

// GET /analytics/{projectId}/compare: the project's game beside its watch list, from stored rows
// only (never a call to Steam). Every series may be empty; the states say why.

const DAY_MS = 86_400_000;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The Monday (UTC) of a YYYY-MM-DD day's week. */
export function weekOf(date: string): string {
  const ms = Date.parse(`${date}T00:00:00Z`);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7;
  return utcDate(ms - weekday * DAY_MS);
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Daily averages indexed to the first day with players (100 = that day's average). */
export function indexedPlayers(rows: { date: string; total: number; samples: number }[]) {
  const days = rows.filter((r) => r.samples > 0).map((r) => ({ date: r.date, average: r.total / r.samples }));
  const base = days.find((d) => d.average > 0)?.average ?? null;
  const first = days[0] ? Date.parse(days[0].date) : 0;
  return days.map((d) => ({
    day: Math.round((Date.parse(d.date) - first) / DAY_MS),
    date: d.date,
    average: round1(d.average),
    index: base === null ? 0 : round1((d.average / base) * 100),
  }));
}

/** Reviews gained per week: each day's rise over the previous stored day, summed by week. */
export function reviewsPerWeek(rows: { date: string; totalReviews: number }[]) {
  const weeks = new Map<string, number>();
  for (let i = 1; i < rows.length; i++) {
    const week = weekOf(rows[i]!.date);
    weeks.set(week, (weeks.get(week) ?? 0) + Math.max(0, rows[i]!.totalReviews - rows[i - 1]!.totalReviews));
  }
  return [...weeks].map(([week, gained]) => ({ week, gained }));
}

function byApp<T extends { appId: number }>(rows: T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) out.set(r.appId, [...(out.get(r.appId) ?? []), r]);
  return out;
}

async function realUnits(deps: AppDeps, appId: number): Promise<number | null> {
  const [row] = await deps.db
    .select({ units: sum(steamSales.netUnitsSold) })
    .from(steamSales)
    .where(eq(steamSales.primaryAppId, appId));
  return row?.units == null ? null : Number(row.units);
}

type Rows = {
  players: (typeof steamPlayerDaily.$inferSelect)[];
  reviews: (typeof steamReviewDays.$inferSelect)[];
  prices: (typeof steamPriceDays.$inferSelect)[];
  states: AppStates;
};

/** One game's series and latest figures from its stored rows. */
function gameFigures(
  g: { appId: number; name: string; own: boolean },
  rows: Rows,
): Omit<CompareGame, "realUnits"> {
  const p = indexedPlayers(rows.players);
  const r = rows.reviews;
  const pr = rows.prices;
  const weeks = reviewsPerWeek(r);
  const lastReview = r[r.length - 1];
  const lastPrice = pr[pr.length - 1];
  const totalReviews = lastReview?.totalReviews ?? null;
  return {
    ...g,
    name: lastPrice?.name ?? g.name,
    states: rows.states,
    players: p,
    reviewsPerWeek: weeks,
    prices: pr.map((x) => ({
      date: x.date,
      currency: x.currency,
      finalCents: x.finalCents,
      discountPercent: x.discountPercent,
      isFree: x.isFree,
    })),
    latest: {
      averagePlayers: p[p.length - 1]?.average ?? null,
      totalReviews,
      percentPositive: lastReview ? percentPositive(lastReview.totalPositive, lastReview.totalReviews) : null,
      reviewsPerWeek: weeks.length ? round1(weeks.reduce((s, w) => s + w.gained, 0) / weeks.length) : null,
      priceCents: lastPrice ? (lastPrice.isFree ? 0 : lastPrice.finalCents) : null,
      releaseDate: lastPrice?.releaseDate ?? null,
    },
    estimate: salesEstimate(totalReviews),
  };
}

export async function getCompare(
  deps: AppDeps,
  user: SessionUser,
  input: { projectId: number; days: number },
): Promise<CompareAnswer> {
  const project = await requireProject(deps, user, input.projectId);
  const watched = await projectWatchlist(deps, project.id);
  const games: { appId: number; name: string; own: boolean }[] = watched.map((w) => ({
    appId: w.appId,
    name: w.name,
    own: false,
  }));
  if (project.steamAppId) {
    const name = (await appCache(deps, project.steamAppId))?.name ?? project.name;
    games.unshift({ appId: project.steamAppId, name, own: true });
  }
  const ids = games.map((g) => g.appId);
  const dates = dayRange(utcDate(deps.now()), input.days);
  const from = dates[0]!;
  const to = dates[dates.length - 1]!;
  const inWindow = (col: SQLiteColumn) => and(gte(col, from), lte(col, to));
  const [players, reviews, prices, states] = ids.length
    ? await Promise.all([
        deps.db
          .select()
          .from(steamPlayerDaily)
          .where(and(inArray(steamPlayerDaily.appId, ids), inWindow(steamPlayerDaily.date)))
          .orderBy(asc(steamPlayerDaily.date)),
        deps.db
          .select()
          .from(steamReviewDays)
          .where(and(inArray(steamReviewDays.appId, ids), inWindow(steamReviewDays.date)))
          .orderBy(asc(steamReviewDays.date)),
        deps.db
          .select()
          .from(steamPriceDays)
          .where(and(inArray(steamPriceDays.appId, ids), inWindow(steamPriceDays.date)))
          .orderBy(asc(steamPriceDays.date)),
        statesOf(deps, ids),
      ])
    : [[], [], [], new Map<number, AppStates>()];
  const playersBy = byApp(players);
  const reviewsBy = byApp(reviews);
  const pricesBy = byApp(prices);
  const out: CompareGame[] = [];
  for (const g of games) {
    const base = gameFigures(g, {
      players: playersBy.get(g.appId) ?? [],
      reviews: reviewsBy.get(g.appId) ?? [],
      prices: pricesBy.get(g.appId) ?? [],
      states: states.get(g.appId) ?? { players: null, reviews: null, details: null },
    });
    out.push({
      ...base,
      realUnits: g.own && project.financialAnalyticsEnabled ? await realUnits(deps, g.appId) : null,
    });
  }
  return {
    projectId: project.id,
    days: input.days,
    games: out,
    median: medians(out),
    method: ESTIMATES.method,
  };
}

/** The median of the watched games (not your own) for each latest figure. */
function medians(games: CompareGame[]): CompareAnswer["median"] {
  const others = games.filter((g) => !g.own);
  const med = (pick: (g: CompareGame) => number | null) => {
    const m = median(others.map(pick).filter((v): v is number => v !== null));
    return m === null ? null : round1(m);
  };
  return {
    averagePlayers: med((g) => g.latest.averagePlayers),
    totalReviews: med((g) => g.latest.totalReviews),
    percentPositive: med((g) => g.latest.percentPositive),
    reviewsPerWeek: med((g) => g.latest.reviewsPerWeek),
    // Free games have no price to compare with: the median is of the paid ones.
    priceCents: med((g) => (g.prices[g.prices.length - 1]?.isFree ? null : g.latest.priceCents)),
  };
}
