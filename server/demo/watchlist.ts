import type { AppDeps } from "@server/deps";
import { utcDate } from "@server/features/analytics/steam/dates";
import { steamPriceDays, watchlistApps } from "@server/platform/db/schema";
import { appDetailsBody } from "@test/fakes/steam/app-details";
import { GAMES } from "@test/fakes/steam/catalog";
import { and, eq } from "drizzle-orm";
import { DEMO_HISTORY_DAYS, ensureOlderDailyPeaks, ensureReviewHistory } from "./steam-history";

// The demo's watch list: the other made-up games of the fake Steam beside the first project's game,
// with the same half year of daily players and reviews, and a price history from the fake store, so
// the Compare card and the estimates show without the internet.

const DAY_MS = 86_400_000;

type Details = {
  success: boolean;
  data?: {
    name: string;
    is_free: boolean;
    price_overview?: { currency: string; initial: number; final: number; discount_percent: number };
    release_date: { coming_soon: boolean; date: string };
    genres: { description: string }[];
  };
};

async function ensurePriceHistory(deps: AppDeps, appId: number, days = DEMO_HISTORY_DAYS) {
  for (let d = days; d >= 1; d--) {
    const at = deps.now() - d * DAY_MS;
    const body = appDetailsBody(appId, at)[String(appId)] as Details;
    if (!body.success || !body.data) continue;
    const { data } = body;
    await deps.db
      .insert(steamPriceDays)
      .values({
        appId,
        date: utcDate(at),
        name: data.name,
        isFree: data.is_free,
        currency: data.price_overview?.currency ?? null,
        initialCents: data.price_overview?.initial ?? null,
        finalCents: data.price_overview?.final ?? null,
        discountPercent: data.price_overview?.discount_percent ?? 0,
        releaseDate: data.release_date.date || null,
        comingSoon: data.release_date.coming_soon,
        genres: data.genres.map((g) => g.description).join(", "),
        sampledAt: at,
      })
      .onConflictDoNothing();
  }
}

/** Watches every other fake game from `project`, once; the history is filled where missing. */
export async function ensureDemoWatchlist(deps: AppDeps, project: { id: number; steamAppId: number | null }) {
  const others = GAMES.filter((g) => g.appId !== project.steamAppId);
  for (const [i, g] of others.entries()) {
    const [held] = await deps.db
      .select()
      .from(watchlistApps)
      .where(and(eq(watchlistApps.projectId, project.id), eq(watchlistApps.appId, g.appId)));
    if (!held)
      await deps.db
        .insert(watchlistApps)
        .values({ projectId: project.id, appId: g.appId, name: g.name, addedAt: deps.now() + i });
    await ensureOlderDailyPeaks(deps, g.appId, 1);
    await ensureReviewHistory(deps, g.appId);
  }
  for (const appId of [project.steamAppId, ...others.map((g) => g.appId)])
    if (appId) await ensurePriceHistory(deps, appId);
  return others.length;
}
