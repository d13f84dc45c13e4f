import type { AppDeps } from "@server/deps";
import {
  isPartnerAccessError,
  logSteamFailure,
  plainSteamMessage,
  SteamError,
} from "@server/features/analytics/steam/errors";
import type { SteamNewsItem } from "@server/features/analytics/steam/web-api";
import { steamAppCache, steamNews } from "@server/platform/db/schema";
import { AppError, badRequest } from "@server/platform/errors";
import { PARTNER } from "@shared/messages/analytics";
import { and, desc, eq } from "drizzle-orm";

// Caches of what Steam's public APIs answered (achievements summary, news), and the translation of
// Steam failures into the domain error type.

/** News older than this is fetched again when asked for; the refresh button bypasses it. */
export const NEWS_TTL_MS = 60 * 60 * 1000;

/** Steam being down, slow or incoherent is a 502: the request was fine, the upstream was not. */
const UPSTREAM_FAILURES = new Set(["unavailable", "timeout", "bad_response"]);

/**
 * SteamError → AppError: 429 stays 429, partner-key problems are 400 with requiresPartnerAccess,
 * upstream failures 502, the rest (unknown app, no achievements) 400. Users read a plain sentence;
 * the technical detail goes to the log.
 */
export function steamToAppError(err: unknown): unknown {
  if (isPartnerAccessError(err)) {
    return badRequest(err.message, { requiresPartnerAccess: true, suggestions: [...PARTNER.suggestions] });
  }
  if (err instanceof SteamError) {
    const message = plainSteamMessage(err);
    if (message !== err.message) logSteamFailure(err);
    if (err.kind === "rate_limited") return new AppError("TOO_MANY_REQUESTS", message);
    if (UPSTREAM_FAILURES.has(err.kind)) return new AppError("BAD_GATEWAY", message);
    return badRequest(message);
  }
  return err;
}

/** One failed part of a sync, as the line the sync's result shows beside the parts that worked. */
export function partFailure(err: unknown): string {
  if (!(err instanceof SteamError)) return (err as Error).message;
  const message = plainSteamMessage(err);
  if (message !== err.message) logSteamFailure(err);
  return message;
}

export async function appCache(deps: AppDeps, appId: number) {
  return (await deps.db.select().from(steamAppCache).where(eq(steamAppCache.appId, appId)))[0];
}

async function upsertCache(deps: AppDeps, appId: number, values: Partial<typeof steamAppCache.$inferInsert>) {
  await deps.db
    .insert(steamAppCache)
    .values({ appId, ...values })
    .onConflictDoUpdate({ target: steamAppCache.appId, set: values });
}

export async function rememberAppName(deps: AppDeps, appId: number, name: string) {
  if (name.trim()) await upsertCache(deps, appId, { name: name.trim() });
}

/** Fetches achievements and caches count + mean unlock rate. An app without any caches zero. */
export async function refreshAchievements(deps: AppDeps, appId: number) {
  let result: { count: number; avgPercent: number };
  try {
    result = await deps.steam.achievements(appId);
  } catch (err) {
    if (!(err instanceof SteamError && err.kind === "no_achievements")) throw err;
    result = { count: 0, avgPercent: 0 };
  }
  await upsertCache(deps, appId, {
    achievementCount: result.count,
    achievementAvgPercent: result.avgPercent,
    achievementsFetchedAt: deps.now(),
  });
  return result;
}

/** Steam's news contents are BBCode/HTML: an excerpt for the list is plain text. */
export function newsExcerpt(contents: string): string {
  const text = contents
    .replace(/<[^>]*>/g, " ")
    .replace(/\[\/?[a-z0-9*]+(=[^\]]*)?\]/gi, " ")
    .replace(/\{STEAM_CLAN_IMAGE\}\S*/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 240 ? `${text.slice(0, 237)}...` : text;
}

export async function refreshNews(deps: AppDeps, appId: number, count = 10): Promise<SteamNewsItem[]> {
  const items = await deps.steam.news(appId, count);
  const now = deps.now();
  // Replace the app's items in one transaction so a reader never sees half a refresh.
  await deps.db.transaction(async (tx) => {
    await tx.delete(steamNews).where(eq(steamNews.appId, appId));
    for (const i of items) {
      await tx
        .insert(steamNews)
        .values({
          appId,
          gid: i.gid,
          title: i.title,
          url: i.url,
          author: i.author,
          feedlabel: i.feedlabel,
          excerpt: newsExcerpt(i.contents),
          publishedAt: i.date * 1000,
        })
        .onConflictDoNothing();
    }
    await tx
      .insert(steamAppCache)
      .values({ appId, newsFetchedAt: now })
      .onConflictDoUpdate({ target: steamAppCache.appId, set: { newsFetchedAt: now } });
  });
  return items;
}

export function cachedNews(deps: AppDeps, appId: number, limit: number) {
  return deps.db
    .select()
    .from(steamNews)
    .where(and(eq(steamNews.appId, appId)))
    .orderBy(desc(steamNews.publishedAt))
    .limit(limit);
}
