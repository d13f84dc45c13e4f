import type { AppDeps } from "@server/deps";
import { partFailure } from "@server/features/analytics/analytics-steam";
import { checkWishlistAnomalies } from "@server/features/analytics/anomalies/anomalies";
import { addDays, dayRange, utcDate } from "@server/features/analytics/steam/dates";
import { projects } from "@server/platform/db/schema";
import { log } from "@server/platform/log";
import { WISHLISTS } from "@shared/messages/wishlists";
import { and, eq } from "drizzle-orm";
import { checkWishlistSpikes } from "./wishlist-alerts";
import { knownAppMinDate, rememberAppMinDate, saveWishlistDay, storedWishlistDates } from "./wishlist-store";

// Fetching an app's wishlist days: a probe of today's date learns app_min_date (Steam sends it even
// when the date has no data yet), then every date since it that is not stored yet, at most three
// years back, plus the two newest dates, which Steam still fills in. Stopping half-way loses
// nothing: the next sync fetches only what is missing.

/** Backfilled for at most this many days ending today: the card's longest period. */
export const WISHLIST_MAX_DAYS = 1095;
/** The newest closed dates, fetched again on every sync. */
const REFRESHED_DAYS = 2;

export type WishlistSyncProgress = (done: number, total: number) => void;

/** The dates one sync fetches, oldest first. */
export async function wishlistDatesToFetch(
  deps: AppDeps,
  appId: number,
  appMinDate: string,
): Promise<string[]> {
  const yesterday = addDays(utcDate(deps.now()), -1);
  const floor = addDays(yesterday, -(WISHLIST_MAX_DAYS - 2));
  // floor..yesterday plus today make WISHLIST_MAX_DAYS days.
  const from = appMinDate > floor ? appMinDate : floor;
  if (from > yesterday) return [];
  const days = Math.round((Date.parse(yesterday) - Date.parse(from)) / 86_400_000) + 1;
  const stored = await storedWishlistDates(deps, appId, from);
  const fresh = new Set(dayRange(yesterday, REFRESHED_DAYS));
  return dayRange(yesterday, days).filter((d) => !stored.has(d) || fresh.has(d));
}

/** Fetches what is missing for one app; throws the first Steam failure (what was stored stays). */
export async function syncAppWishlists(
  deps: AppDeps,
  appId: number,
  progress: WishlistSyncProgress = () => {},
): Promise<{ datesFetched: number }> {
  const today = utcDate(deps.now());
  const probe = await deps.steam.wishlistReport(appId, today);
  await rememberAppMinDate(deps, appId, probe.appMinDate);
  if (probe.summary) await saveWishlistDay(deps, appId, probe);
  const appMinDate = await knownAppMinDate(deps, appId);
  // No first date: the app has never been wishlisted, so there is nothing to fetch.
  if (!appMinDate) return { datesFetched: probe.summary ? 1 : 0 };
  const todo = await wishlistDatesToFetch(deps, appId, appMinDate);
  progress(0, todo.length);
  for (const [i, date] of todo.entries()) {
    await saveWishlistDay(deps, appId, await deps.steam.wishlistReport(appId, date));
    progress(i + 1, todo.length);
  }
  for (const projectId of await projectsWatching(deps, appId)) {
    await checkWishlistSpikes(deps, projectId, appId);
    await checkWishlistAnomalies(deps, projectId, appId);
  }
  return { datesFetched: todo.length + (probe.summary ? 1 : 0) };
}

async function projectsWatching(deps: AppDeps, appId: number): Promise<number[]> {
  const rows = await deps.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.steamAppId, appId), eq(projects.financialAnalyticsEnabled, true)));
  return rows.map((p) => p.id);
}

/**
 * The wishlist part of a financial sync: its failure is reported beside the sales, which stand.
 * Steam's detail goes to the log; the result carries the plain sentence.
 */
export async function wishlistsAlongFinancialSync(
  deps: AppDeps,
  appId: number,
  progress: WishlistSyncProgress,
): Promise<{ datesFetched: number; error?: string }> {
  try {
    return await syncAppWishlists(deps, appId, progress);
  } catch (err) {
    const reason = partFailure(err);
    log.warn(`wishlist sync for app ${appId} stopped: ${reason}`, { component: "steam" });
    return { datesFetched: 0, error: WISHLISTS.syncFailed(reason) };
  }
}
