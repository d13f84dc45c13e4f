import type { AppDeps } from "@server/deps";
import { sampleApp } from "@server/features/analytics/players/sampler";
import { sampleReviews } from "@server/features/analytics/reviews/review-days";
import { SteamError } from "@server/features/analytics/steam/errors";
import { requirePermission, requireProject } from "@server/features/projects";
import { projects } from "@server/platform/db/schema";
import { badRequest, notFound } from "@server/platform/errors";
import { ANALYTICS } from "@shared/messages/analytics";
import { PROJECTS } from "@shared/messages/projects";
import type {
  AnalyticsSettings,
  AnalyticsSettingsView,
  NewsResponse,
  SteamSearchResult,
  SteamSyncResult,
} from "@shared/schemas/analytics";
import type { SessionUser } from "@shared/types";
import { eq } from "drizzle-orm";
import {
  appCache,
  cachedNews,
  NEWS_TTL_MS,
  partFailure,
  refreshAchievements,
  refreshNews,
  rememberAppName,
  steamToAppError,
} from "./analytics-steam";
import { startSyncJob } from "./sync-jobs";

export { getOverview } from "./analytics-overview";

import { iso } from "@server/platform/iso";

/** Latest News: cached per app, fetched again after an hour or on refresh. */
export async function getNews(
  deps: AppDeps,
  user: SessionUser,
  input: { projectId: number; limit: number; refresh: boolean },
): Promise<NewsResponse> {
  const project = await requireProject(deps, user, input.projectId);
  const appId = project.steamAppId;
  if (!appId) return { summary: { totalArticles: 0, fetchedAt: null }, newsItems: [] };
  const fetchedAt = (await appCache(deps, appId))?.newsFetchedAt ?? null;
  const stale = fetchedAt === null || deps.now() - fetchedAt > NEWS_TTL_MS;
  if (input.refresh || stale) {
    try {
      await refreshNews(deps, appId);
    } catch (err) {
      // A Steam hiccup should not blank a list we already have: serve the cache, fail only without one.
      if (fetchedAt === null || input.refresh) throw steamToAppError(err);
    }
  }
  const rows = await cachedNews(deps, appId, input.limit);
  return {
    summary: { totalArticles: rows.length, fetchedAt: iso((await appCache(deps, appId))?.newsFetchedAt) },
    newsItems: rows.map((r) => ({
      gid: r.gid,
      title: r.title,
      url: r.url,
      author: r.author,
      feedlabel: r.feedlabel,
      published_date: new Date(r.publishedAt).toISOString(),
      excerpt: r.excerpt,
      views: null,
      comments: null,
      likes: null,
    })),
  };
}

/**
 * The Sync Data work: a player sample now, achievements, news and today's review summary refreshed,
 * side by side. The review summary is extra: its failure is listed, never the reason a sync fails.
 */
async function syncSteamParts(
  deps: AppDeps,
  projectId: number,
  appId: number,
  days: number,
): Promise<SteamSyncResult> {
  const [sample, achievements, news, reviews] = await Promise.allSettled([
    sampleApp(deps, appId),
    refreshAchievements(deps, appId),
    refreshNews(deps, appId),
    sampleReviews(deps, appId),
  ]);
  const errors = [sample, achievements, news, reviews].flatMap((r) =>
    r.status === "rejected" ? [partFailure(r.reason)] : [],
  );
  // An unknown app id or a rejected key will fail every part the same way: say so plainly.
  if (
    sample.status === "rejected" &&
    sample.reason instanceof SteamError &&
    sample.reason.kind === "unknown_app"
  ) {
    throw steamToAppError(sample.reason);
  }
  if ([sample, achievements, news].every((r) => r.status === "rejected"))
    throw steamToAppError(sample.status === "rejected" ? sample.reason : new Error(errors[0]));

  await deps.db.update(projects).set({ steamLastSync: deps.now() }).where(eq(projects.id, projectId));
  return {
    success: true,
    message: `${ANALYTICS.steamSyncStarted(days)}. ${ANALYTICS.historyAccrues}`,
    currentPlayers: sample.status === "fulfilled" ? sample.value : null,
    achievements: achievements.status === "fulfilled" ? achievements.value.count : null,
    newsItems: news.status === "fulfilled" ? news.value.length : null,
    errors,
  };
}

/**
 * "Sync Data", as a background job (a running one for the project is joined). Steam keeps no player
 * history, so `days` cannot be backfilled; the message says history accrues from sampling.
 */
export async function syncSteam(
  deps: AppDeps,
  user: SessionUser,
  input: { projectId: number; days: number },
) {
  const project = await requireProject(deps, user, input.projectId);
  requirePermission(user, "analytics.sync");
  if (!project.steamAnalyticsEnabled) throw badRequest(ANALYTICS.steamNotEnabled);
  const appId = project.steamAppId;
  if (!appId) throw badRequest(ANALYTICS.noAppId);
  return startSyncJob(deps, user, { kind: "steam", projectId: project.id }, () =>
    syncSteamParts(deps, project.id, appId, input.days),
  );
}

export async function searchGames(
  deps: AppDeps,
  input: { q: string; limit: number },
): Promise<SteamSearchResult[]> {
  try {
    return await deps.steam.search(input.q, input.limit);
  } catch (err) {
    throw steamToAppError(err);
  }
}

export async function getSettings(
  deps: AppDeps,
  user: SessionUser,
  input: { projectId: number },
): Promise<AnalyticsSettingsView> {
  const p = await requireProject(deps, user, input.projectId);
  return {
    steam_app_id: p.steamAppId,
    steam_analytics_enabled: p.steamAnalyticsEnabled,
    financial_analytics_enabled: p.financialAnalyticsEnabled,
    app_name: p.steamAppId ? ((await appCache(deps, p.steamAppId))?.name ?? null) : null,
    steam_last_sync: iso(p.steamLastSync),
    partnerKeyConfigured: deps.steam.hasPartnerKey,
  };
}

/** PUT /analytics/settings/{projectId}: financial needs Steam analytics, Steam analytics needs an app id. */
export async function updateSettings(
  deps: AppDeps,
  user: SessionUser,
  input: {
    projectId: number;
    steamAppId: number | null;
    steamAnalyticsEnabled: boolean;
    financialAnalyticsEnabled: boolean;
    steamAppName?: string | null;
  },
): Promise<AnalyticsSettings> {
  const project = await requireProject(deps, user, input.projectId);
  requirePermission(user, "analytics.settings");
  if (input.financialAnalyticsEnabled && !input.steamAnalyticsEnabled)
    throw badRequest(ANALYTICS.financialNeedsSteam);
  if (input.steamAnalyticsEnabled && input.steamAppId === null) throw badRequest(ANALYTICS.steamNeedsAppId);
  const [row] = await deps.db
    .update(projects)
    .set({
      steamAppId: input.steamAppId,
      steamAnalyticsEnabled: input.steamAnalyticsEnabled,
      financialAnalyticsEnabled: input.financialAnalyticsEnabled,
    })
    .where(eq(projects.id, project.id))
    .returning();
  if (!row) throw notFound(PROJECTS.notFound);
  if (input.steamAppId && input.steamAppName)
    await rememberAppName(deps, input.steamAppId, input.steamAppName);
  return {
    steam_app_id: row.steamAppId,
    steam_analytics_enabled: row.steamAnalyticsEnabled,
    financial_analytics_enabled: row.financialAnalyticsEnabled,
  };
}
