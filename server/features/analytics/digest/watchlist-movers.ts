import type { AppDeps } from "@server/deps";
import { projectWatchlist } from "@server/features/analytics/watchlist/watchlist";
import { steamPlayerDaily, steamPriceDays, steamReviewDays } from "@server/platform/db/schema";
import { DIGEST } from "@shared/messages/analytics-digest";
import { and, desc, eq, gte, lte, sum } from "drizzle-orm";

/** How many watched games the digest names: the ones whose players moved most. */
const MOVERS_MAX = 3;

interface Week {
  from: string;
  to: string;
  prevFrom: string;
  prevTo: string;
}

/** Average concurrent players over the dates, from the sampler's daily rows; null without samples. */
async function averagePlayers(deps: AppDeps, appId: number, from: string, to: string) {
  const P = steamPlayerDaily;
  const [row] = await deps.db
    .select({ total: sum(P.total), samples: sum(P.samples) })
    .from(P)
    .where(and(eq(P.appId, appId), gte(P.date, from), lte(P.date, to)));
  const samples = Number(row?.samples ?? 0);
  return samples > 0 ? Number(row?.total ?? 0) / samples : null;
}

/** Reviews a game gained over the dates: its newest total by `to` less its newest by the day before. */
async function reviewsGained(deps: AppDeps, appId: number, from: string, to: string) {
  const R = steamReviewDays;
  const newest = async (by: string) =>
    (
      await deps.db
        .select({ total: R.totalReviews })
        .from(R)
        .where(and(eq(R.appId, appId), lte(R.date, by)))
        .orderBy(desc(R.date))
        .limit(1)
    )[0]?.total ?? null;
  const end = await newest(to);
  const start = await newest(from);
  return end === null || start === null ? null : Math.max(0, end - start);
}

/** The discount the store showed on the week's last sampled day, if any. */
async function discountBy(deps: AppDeps, appId: number, to: string) {
  const [row] = await deps.db
    .select({ discount: steamPriceDays.discountPercent })
    .from(steamPriceDays)
    .where(and(eq(steamPriceDays.appId, appId), lte(steamPriceDays.date, to)))
    .orderBy(desc(steamPriceDays.date))
    .limit(1);
  return row?.discount ?? 0;
}

/**
 * The watched games whose average players moved most on the week before (by share), each in one
 * plain line: players, reviews gained, a discount on. Games with no player counts in either week are
 * left out, since there is no move to tell.
 */
export async function watchlistMovers(deps: AppDeps, projectId: number, week: Week): Promise<string[]> {
  const watched = await projectWatchlist(deps, projectId);
  const moves: { line: string; share: number }[] = [];
  for (const app of watched) {
    const now = await averagePlayers(deps, app.appId, week.from, week.to);
    const before = await averagePlayers(deps, app.appId, week.prevFrom, week.prevTo);
    if (now === null || before === null) continue;
    const share = before === 0 ? (now === 0 ? 0 : 1) : Math.abs(now - before) / before;
    const line = DIGEST.mover(
      app.name,
      Math.round(now),
      Math.round(before),
      await reviewsGained(deps, app.appId, week.from, week.to),
      await discountBy(deps, app.appId, week.to),
    );
    moves.push({ line, share });
  }
  return moves
    .sort((a, b) => b.share - a.share)
    .slice(0, MOVERS_MAX)
    .map((m) => m.line);
}
