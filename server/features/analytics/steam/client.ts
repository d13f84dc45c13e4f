import type { Env } from "@server/platform/env";
import { getAppDetails } from "./app-details";
import { defaultHttpOptions, type HttpOptions } from "./http";
import { getChangedDates, getDetailedSales } from "./partner";
import { getReviewSummary } from "./reviews";
import { searchStore } from "./store";
import { getAchievements, getCurrentPlayers, getNews } from "./web-api";
import { getWishlistReport } from "./wishlists";

// The one object services use to reach Steam. Built from env; tests pass a zero-delay sleep.

export type SteamClient = ReturnType<typeof createSteamClient>;

export function createSteamClient(env: Env, http: Partial<HttpOptions> = {}) {
  const opts = { ...defaultHttpOptions, ...http };
  const web = { base: env.STEAM_API_BASE, key: env.STEAM_WEB_API_KEY || undefined, http: opts };
  const store = { base: env.STEAM_STORE_BASE, http: opts };
  // The partner API answers big pages slowly: give it more time than the public calls.
  const partner = {
    base: env.STEAM_PARTNER_BASE,
    key: env.STEAM_PARTNER_API_KEY || undefined,
    http: { ...opts, timeoutMs: Math.max(opts.timeoutMs, 30_000) },
  };
  return {
    hasPartnerKey: Boolean(partner.key),
    currentPlayers: (appId: number) => getCurrentPlayers(web, appId),
    achievements: (appId: number) => getAchievements(web, appId),
    news: (appId: number, count: number) => getNews(web, appId, count),
    search: (term: string, limit: number) => searchStore(store, term, limit),
    reviewSummary: (appId: number) => getReviewSummary(store, appId),
    appDetails: (appId: number) => getAppDetails(store, appId),
    changedDates: (highwatermark: string) => getChangedDates(partner, highwatermark),
    detailedSales: (date: string) => getDetailedSales(partner, date),
    wishlistReport: (appId: number, date: string) => getWishlistReport(partner, appId, date),
  };
}
