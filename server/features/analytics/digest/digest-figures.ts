import type { AppDeps } from "@server/deps";
import { addDays, dayRange } from "@server/features/analytics/steam/dates";
import { computeUptime } from "@server/features/health";
import { failureTimes, intentsOf, runsOf, storePageSpans } from "@server/features/streaming";
import {
  destinations,
  steamPlayerDaily,
  steamReviewDays,
  steamSales,
  steamWishlistDays,
} from "@server/platform/db/schema";
import { and, asc, desc, eq, gte, lte, max, sql, sum } from "drizzle-orm";
import { watchlistMovers } from "./watchlist-movers";

// The figures of one digest week (seven dates ending `last`) beside the seven before. Steam's own
// dates (UTC for players, reviews and wishlists, Pacific for sales) are read for the week's dates as
// they are: a few hours of shift at the week's edges does not change what a weekly summary tells.

export interface DigestFigures {
  from: string;
  to: string;
  players: { peak: number; average: number; previousPeak: number | null } | null;
  wishlists: { adds: number; previousAdds: number | null; conversion: number | null } | null;
  reviews: { added: number; previousAdded: number | null; positivePercent: number } | null;
  sales: { netCents: number; previousNetCents: number | null } | null;
  broadcasts: { name: string; uptimePercent: number | null; storePageSeconds: number }[];
  /** The watched games whose players moved most; empty (no watch list, no counts), its section is left out. */
  watchListMovers: string[];
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

async function players(deps: AppDeps, appId: number, from: string, to: string) {
  const P = steamPlayerDaily;
  const [row] = await deps.db
    .select({ peak: max(P.peak), total: sum(P.total), samples: sum(P.samples) })
    .from(P)
    .where(and(eq(P.appId, appId), gte(P.date, from), lte(P.date, to)));
  const samples = num(row?.samples) ?? 0;
  if (!row || samples === 0) return null;
  return { peak: num(row.peak) ?? 0, average: Math.round((num(row.total) ?? 0) / samples) };
}

async function wishlists(deps: AppDeps, appId: number, from: string, to: string) {
  const W = steamWishlistDays;
  const [row] = await deps.db
    .select({ days: sql<number>`count(*)`, adds: sum(W.adds), purchases: sum(W.purchases) })
    .from(W)
    .where(and(eq(W.appId, appId), gte(W.date, from), lte(W.date, to)));
  if (!row || Number(row.days) === 0) return null;
  return { adds: num(row.adds) ?? 0, purchases: num(row.purchases) ?? 0 };
}

/** The newest review summary on or before `date`. */
async function reviewsBy(deps: AppDeps, appId: number, date: string) {
  const R = steamReviewDays;
  const [row] = await deps.db
    .select()
    .from(R)
    .where(and(eq(R.appId, appId), lte(R.date, date)))
    .orderBy(desc(R.date))
    .limit(1);
  return row ?? null;
}

async function netSales(deps: AppDeps, appId: number, from: string, to: string) {
  const S = steamSales;
  const [row] = await deps.db
    .select({ lines: sql<number>`count(*)`, net: sum(S.netSalesCents) })
    .from(S)
    .where(and(eq(S.primaryAppId, appId), gte(S.date, from), lte(S.date, to)));
  if (!row || Number(row.lines) === 0) return null;
  return num(row.net) ?? 0;
}

async function broadcasts(deps: AppDeps, projectId: number, fromMs: number, toMs: number) {
  const rows = await deps.db
    .select({ id: destinations.id, name: destinations.name })
    .from(destinations)
    .where(eq(destinations.projectId, projectId))
    .orderBy(asc(destinations.name));
  const out: DigestFigures["broadcasts"] = [];
  for (const d of rows) {
    const u = computeUptime({
      intents: await intentsOf(deps.db, d.id, fromMs, toMs),
      runs: await runsOf(deps.db, d.id, fromMs, toMs),
      failures: await failureTimes(deps.db, d.id, fromMs, toMs),
      storePage: await storePageSpans(deps.db, d.id, fromMs, toMs),
      from: fromMs,
      to: toMs,
    });
    out.push({ name: d.name, uptimePercent: u.uptime_percent, storePageSeconds: u.store_page_seconds });
  }
  return out;
}

/**
 * The week of dates ending `last` (inclusive); `fromMs`..`toMs` are the same week as instants in
 * the project's time zone, for the broadcasts.
 */
export async function digestFigures(
  deps: AppDeps,
  p: { id: number; steamAppId: number | null },
  last: string,
  fromMs: number,
  toMs: number,
): Promise<DigestFigures> {
  const days = dayRange(last, 7);
  const from = days[0]!;
  const prevTo = addDays(from, -1);
  const prevFrom = addDays(from, -7);
  const figures: DigestFigures = {
    from,
    to: last,
    players: null,
    wishlists: null,
    reviews: null,
    sales: null,
    broadcasts: await broadcasts(deps, p.id, fromMs, toMs),
    watchListMovers: await watchlistMovers(deps, p.id, { from, to: last, prevFrom, prevTo }),
  };
  const appId = p.steamAppId;
  if (appId === null) return figures;
  const pl = await players(deps, appId, from, last);
  if (pl)
    figures.players = { ...pl, previousPeak: (await players(deps, appId, prevFrom, prevTo))?.peak ?? null };
  const w = await wishlists(deps, appId, from, last);
  if (w)
    figures.wishlists = {
      adds: w.adds,
      previousAdds: (await wishlists(deps, appId, prevFrom, prevTo))?.adds ?? null,
      conversion: w.adds > 0 ? w.purchases / w.adds : null,
    };
  const [end, start, prevStart] = [
    await reviewsBy(deps, appId, last),
    await reviewsBy(deps, appId, prevTo),
    await reviewsBy(deps, appId, addDays(prevFrom, -1)),
  ];
  if (end && end.totalReviews > 0)
    figures.reviews = {
      added: end.totalReviews - (start?.totalReviews ?? end.totalReviews),
      previousAdded: start && prevStart ? start.totalReviews - prevStart.totalReviews : null,
      positivePercent: Math.round((1000 * end.totalPositive) / end.totalReviews) / 10,
    };
  const net = await netSales(deps, appId, from, last);
  if (net !== null)
    figures.sales = { netCents: net, previousNetCents: await netSales(deps, appId, prevFrom, prevTo) };
  return figures;
}
