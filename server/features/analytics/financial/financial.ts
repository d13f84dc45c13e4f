import type { AppDeps } from "@server/deps";
import { steamToAppError } from "@server/features/analytics/analytics-steam";
import { checkRefundAnomalies } from "@server/features/analytics/anomalies/anomalies";
import { checkRefundSpikes } from "@server/features/analytics/sales/refund-alerts";
import {
  type DateFetch,
  datesToFetch,
  fetchDates,
  refreshChangedDates,
  rowsForApp,
} from "@server/features/analytics/sales/sales";
import { addDays, dayRange, pacificDate } from "@server/features/analytics/steam/dates";
import { isPartnerAccessError } from "@server/features/analytics/steam/errors";
import { requireAllAppsSync, startSyncJob } from "@server/features/analytics/sync-jobs";
import { wishlistsAlongFinancialSync } from "@server/features/analytics/wishlists/wishlist-sync";
import { requirePermission, requireProject } from "@server/features/projects";
import { projects } from "@server/platform/db/schema";
import { badRequest } from "@server/platform/errors";
import type { ReportProgress } from "@server/platform/jobs/runner";
import { ANALYTICS, PARTNER } from "@shared/messages/analytics";
import type { AllAppsSyncResult, DateRange, FinancialSyncResult } from "@shared/schemas/analytics";
import type { FinancialJobKind } from "@shared/schemas/jobs";
import type { SessionUser } from "@shared/types";
import { and, eq, isNotNull } from "drizzle-orm";

// Partner financial syncs, run as background jobs: per project (period, recent, a year) and for every
// app (the administrators' presets). Refusals (role, settings, no partner key) answer before a job
// starts; what Steam answers while it runs ends the job.

export const RECENT_DAYS = 2;
export const HISTORY_DAYS = 365;
/** Recent 2 days, monthly 30 days, yearly 52 weeks; processed in weekly chunks. */
export const RANGE_DAYS: Record<DateRange, number> = { recent: 2, monthly: 30, yearly: 52 * 7 };

function requirePartnerKey(deps: AppDeps): void {
  if (deps.steam.hasPartnerKey) return;
  throw badRequest(PARTNER.keyMissing, {
    requiresPartnerAccess: true,
    suggestions: [...PARTNER.suggestions],
  });
}

/** The newest two Pacific dates: today and yesterday are still accruing, so they are always synced. */
function recentDates(deps: AppDeps): string[] {
  const today = pacificDate(deps.now());
  return [addDays(today, -1), today];
}

/** Asks Steam what changed, then fetches each window's dates to fetch, reporting per date. */
async function syncWindows(
  deps: AppDeps,
  windows: string[][],
  report: ReportProgress,
  countRecords: (fetched: DateFetch) => number,
): Promise<DateFetch[][]> {
  try {
    await refreshChangedDates(deps);
    const todo: string[][] = [];
    for (const dates of windows) todo.push(await datesToFetch(deps, dates, recentDates(deps)));
    report({ datesTotal: todo.reduce((n, dates) => n + dates.length, 0) });
    let datesDone = 0;
    let recordsFound = 0;
    const out: DateFetch[][] = [];
    for (const dates of todo) {
      out.push(
        await fetchDates(deps, dates, isPartnerAccessError, (fetched) => {
          datesDone += 1;
          recordsFound += countRecords(fetched);
          report({ datesDone, recordsFound });
        }),
      );
    }
    // Refund spikes are judged on what was just stored.
    await checkRefundSpikes(deps);
    await checkRefundAnomalies(deps);
    return out;
  } catch (err) {
    throw steamToAppError(err);
  }
}

async function syncProjectDates(
  deps: AppDeps,
  projectId: number,
  appId: number,
  sync: { days: number; done: (records: number) => string },
  report: ReportProgress,
): Promise<FinancialSyncResult> {
  const window = dayRange(pacificDate(deps.now()), sync.days);
  const [fetched = []] = await syncWindows(deps, [window], report, (f) => f.perApp.get(appId) ?? 0);
  const recordsFound = fetched.reduce((s, f) => s + (f.perApp.get(appId) ?? 0), 0);
  const failed = fetched.filter((f) => !f.ok);
  // A financial sync refreshes the wishlists too, on the same key; their days follow the sales' in
  // the job's progress.
  const wishlists = await wishlistsAlongFinancialSync(deps, appId, (done, total) =>
    report({ datesDone: fetched.length + done, datesTotal: fetched.length + total }),
  );
  await deps.db.update(projects).set({ steamLastSync: deps.now() }).where(eq(projects.id, projectId));
  const [firstFailure] = failed;
  if (firstFailure) {
    return {
      success: false,
      message: ANALYTICS.financialFetchFailed,
      recordsFound,
      datesProcessed: fetched.length - failed.length,
      error: `${failed.length} of ${fetched.length} dates failed: ${firstFailure.error}`,
      wishlists,
    };
  }
  return {
    success: true,
    message: sync.done(recordsFound),
    recordsFound,
    datesProcessed: fetched.length,
    wishlists,
  };
}

/**
 * Starts (or joins) a project's financial sync of the last `days` Pacific dates. The checks run
 * first, so a refusal answers at once and starts nothing.
 */
async function startProjectSync(
  deps: AppDeps,
  user: SessionUser,
  projectId: number,
  kind: FinancialJobKind,
  sync: { days: number; done: (records: number) => string },
) {
  const project = await requireProject(deps, user, projectId);
  requirePermission(user, "analytics.sync");
  if (!project.financialAnalyticsEnabled) throw badRequest(ANALYTICS.financialNotEnabled);
  const appId = project.steamAppId;
  if (!appId) throw badRequest(ANALYTICS.noAppId);
  requirePartnerKey(deps);
  return startSyncJob(deps, user, { kind, projectId: project.id }, (report) =>
    syncProjectDates(deps, project.id, appId, sync, report),
  );
}

/** The period the tab shows. */
export const syncFinancialPeriod = (
  deps: AppDeps,
  user: SessionUser,
  input: { projectId: number; days: number },
) =>
  startProjectSync(deps, user, input.projectId, "financial-period", {
    days: input.days,
    done: ANALYTICS.financialSyncDone,
  });

/** Today and yesterday, still accruing. */
export const syncFinancialRecent = (deps: AppDeps, user: SessionUser, input: { projectId: number }) =>
  startProjectSync(deps, user, input.projectId, "financial-recent", {
    days: RECENT_DAYS,
    done: ANALYTICS.fetchRecentDone,
  });

/** A whole year. */
export const syncFinancialHistory = (deps: AppDeps, user: SessionUser, input: { projectId: number }) =>
  startProjectSync(deps, user, input.projectId, "financial-history", {
    days: HISTORY_DAYS,
    done: ANALYTICS.fetchAllDone,
  });

/** Apps some project has financial analytics on for, each once. */
async function financialAppIds(deps: AppDeps): Promise<number[]> {
  return (
    await deps.db
      .selectDistinct({ appId: projects.steamAppId })
      .from(projects)
      .where(and(eq(projects.financialAnalyticsEnabled, true), isNotNull(projects.steamAppId)))
  )
    .flatMap((r) => (r.appId === null ? [] : [r.appId]))
    .sort((a, b) => a - b);
}

/** Splits dates (oldest first) into chunks of 7, newest chunk possibly shorter. */
function weeklyChunks(dates: string[]): string[][] {
  const chunks: string[][] = [];
  for (let end = dates.length; end > 0; end -= 7) chunks.unshift(dates.slice(Math.max(0, end - 7), end));
  return chunks;
}

async function syncApps(
  deps: AppDeps,
  apps: number[],
  dateRange: DateRange,
  report: ReportProgress,
): Promise<AllAppsSyncResult> {
  const window = dayRange(pacificDate(deps.now()), RANGE_DAYS[dateRange]);
  const chunks = weeklyChunks(window);
  const fetched = await syncWindows(deps, chunks, report, (f) => f.rows);
  const failures = fetched.map((chunk) => chunk.find((f) => !f.ok));
  const successfulWeeks = failures.filter((f) => f === undefined).length;
  const firstError = failures.find((f) => f !== undefined)?.error;
  const results: AllAppsSyncResult["results"] = [];
  for (const appId of apps) {
    const recordsFound = await rowsForApp(deps, appId, window);
    results.push({ appId, weeksProcessed: chunks.length, successfulWeeks, recordsFound });
  }
  const appsProcessed = results.filter((r) => r.successfulWeeks === r.weeksProcessed).length;
  const message =
    dateRange === "yearly"
      ? ANALYTICS.syncYearlySummary(appsProcessed, apps.length)
      : ANALYTICS.syncSummary(appsProcessed, apps.length);
  return {
    success: appsProcessed === apps.length,
    appsProcessed,
    totalApps: apps.length,
    message,
    ...(firstError ? { error: firstError } : {}),
    results,
  };
}

/** The administrators' Financial Data Sync: every financial-enabled app, in weekly chunks. */
export async function syncAllApps(deps: AppDeps, user: SessionUser, input: { dateRange: DateRange }) {
  requireAllAppsSync(user);
  const apps = await financialAppIds(deps);
  if (apps.length > 0) requirePartnerKey(deps);
  return startSyncJob(deps, user, { kind: "all-apps", projectId: null }, async (report) =>
    apps.length === 0
      ? { success: true, appsProcessed: 0, totalApps: 0, message: ANALYTICS.noFinancialApps, results: [] }
      : syncApps(deps, apps, input.dateRange, report),
  );
}
