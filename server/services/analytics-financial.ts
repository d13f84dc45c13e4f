import { and, eq, isNotNull, ne } from "drizzle-orm";
import { ANALYTICS, PARTNER } from "../../shared/messages/analytics";
import type {
  DateRange,
  FetchAllAppsResult,
  FinancialSyncResult,
  TestFinancialApiResult,
  TestResult,
} from "../../shared/schemas/analytics";
import type { SessionUser } from "../../shared/types";
import { projects } from "../db/schema";
import type { AppDeps } from "../deps";
import { badRequest, forbidden } from "../errors";
import { addDays, dayRange, pacificDate } from "../steam/dates";
import { isPartnerAccessError, maskKeys } from "../steam/errors";
import { requirePermission, requireProject } from "./access";
import { datesToFetch, fetchDates, refreshChangedDates, rowsForApp } from "./analytics-sales";
import { steamToAppError } from "./analytics-steam";

// Partner financial syncs: per project (period, recent, a year), for every app (admin presets), and
// the API test dialog's named checks.

export const RECENT_DAYS = 2;
export const HISTORY_DAYS = 365;
/** Spec 1 section 9: recent 2 days, monthly 30 days, yearly 52 weeks; processed in weekly chunks. */
export const RANGE_DAYS: Record<DateRange, number> = { recent: 2, monthly: 30, yearly: 52 * 7 };

function partnerAccessError(): never {
  throw badRequest(PARTNER.keyMissing, {
    requiresPartnerAccess: true,
    suggestions: [...PARTNER.suggestions],
  });
}

/** The newest two Pacific dates: today and yesterday are still accruing, so they are always fetched. */
function recentDates(deps: AppDeps): string[] {
  const today = pacificDate(deps.now());
  return [addDays(today, -1), today];
}

async function syncWindow(deps: AppDeps, dates: string[]) {
  if (!deps.steam.hasPartnerKey) partnerAccessError();
  try {
    await refreshChangedDates(deps);
    return await fetchDates(deps, datesToFetch(deps, dates, recentDates(deps)), isPartnerAccessError);
  } catch (err) {
    throw steamToAppError(err);
  }
}

async function syncProject(
  deps: AppDeps,
  user: SessionUser,
  projectId: number,
  days: number,
  done: (records: number) => string,
): Promise<FinancialSyncResult> {
  const project = requireProject(deps, user, projectId);
  requirePermission(user, "analytics.sync");
  if (!project.financialAnalyticsEnabled) throw badRequest(ANALYTICS.financialNotEnabled);
  const appId = project.steamAppId;
  if (!appId) throw badRequest(ANALYTICS.noAppId);
  const fetched = await syncWindow(deps, dayRange(pacificDate(deps.now()), days));
  const recordsFound = fetched.reduce((s, f) => s + (f.perApp.get(appId) ?? 0), 0);
  const failed = fetched.filter((f) => !f.ok);
  deps.db.update(projects).set({ steamLastSync: deps.now() }).where(eq(projects.id, project.id)).run();
  if (failed.length > 0) {
    return {
      success: false,
      message: ANALYTICS.financialFetchFailed,
      recordsFound,
      datesProcessed: fetched.length - failed.length,
      error: `${failed.length} of ${fetched.length} dates failed: ${failed[0]!.error}`,
    };
  }
  return { success: true, message: done(recordsFound), recordsFound, datesProcessed: fetched.length };
}

export const syncFinancialPeriod = (
  deps: AppDeps,
  user: SessionUser,
  input: { projectId: number; days: number },
) => syncProject(deps, user, input.projectId, input.days, ANALYTICS.financialSyncDone);

export const fetchRecent = (deps: AppDeps, user: SessionUser, input: { projectId: number }) =>
  syncProject(deps, user, input.projectId, RECENT_DAYS, ANALYTICS.fetchRecentDone);

export const fetchAllHistory = (deps: AppDeps, user: SessionUser, input: { projectId: number }) =>
  syncProject(deps, user, input.projectId, HISTORY_DAYS, ANALYTICS.fetchAllDone);

/** Apps some project has financial analytics on for, each once. */
function financialAppIds(deps: AppDeps): number[] {
  return deps.db
    .selectDistinct({ appId: projects.steamAppId })
    .from(projects)
    .where(and(eq(projects.financialAnalyticsEnabled, true), isNotNull(projects.steamAppId)))
    .all()
    .map((r) => r.appId!)
    .sort((a, b) => a - b);
}

/** Splits dates (oldest first) into chunks of 7, newest chunk possibly shorter. */
function weeklyChunks(dates: string[]): string[][] {
  const chunks: string[][] = [];
  for (let end = dates.length; end > 0; end -= 7) chunks.unshift(dates.slice(Math.max(0, end - 7), end));
  return chunks;
}

/** The admin's Financial Data Sync (spec 1): every financial-enabled app, in weekly chunks. Admin only. */
export async function fetchAllApps(
  deps: AppDeps,
  input: { dateRange: DateRange },
): Promise<FetchAllAppsResult> {
  const apps = financialAppIds(deps);
  if (apps.length === 0) {
    return {
      success: true,
      appsProcessed: 0,
      totalApps: 0,
      message: "No apps have financial analytics enabled",
      results: [],
    };
  }
  const window = dayRange(pacificDate(deps.now()), RANGE_DAYS[input.dateRange]);
  const chunks = weeklyChunks(window);
  if (!deps.steam.hasPartnerKey) partnerAccessError();
  try {
    await refreshChangedDates(deps);
  } catch (err) {
    throw steamToAppError(err);
  }
  const chunkOk: boolean[] = [];
  let firstError: string | undefined;
  for (const chunk of chunks) {
    let fetched: Awaited<ReturnType<typeof fetchDates>>;
    try {
      fetched = await fetchDates(deps, datesToFetch(deps, chunk, recentDates(deps)), isPartnerAccessError);
    } catch (err) {
      throw steamToAppError(err);
    }
    const failed = fetched.find((f) => !f.ok);
    chunkOk.push(!failed);
    firstError ??= failed?.error;
  }
  const successfulWeeks = chunkOk.filter(Boolean).length;
  const results = apps.map((appId) => ({
    appId,
    weeksProcessed: chunks.length,
    successfulWeeks,
    recordsFound: rowsForApp(deps, appId, window),
  }));
  const appsProcessed = results.filter((r) => r.successfulWeeks === r.weeksProcessed).length;
  const message =
    input.dateRange === "yearly"
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

/** A non-admin may test only app ids no other organization's project claims. */
function requireTestableApp(deps: AppDeps, user: SessionUser, appId: number) {
  if (user.role === "admin") return;
  const claimed = deps.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.steamAppId, appId), ne(projects.orgId, user.org_id ?? -1)))
    .get();
  if (claimed) throw forbidden("This App ID belongs to another organization's project");
}

const failure = (test: string, err: unknown): TestResult => ({
  test,
  success: false,
  message: `${test} failed`,
  error: maskKeys((err as Error).message),
});

/** The test dialog's checks, in order; later checks are skipped once one fails. Reads only. */
export async function testFinancialApi(
  deps: AppDeps,
  user: SessionUser,
  input: { appId: number; partnerId?: number },
): Promise<TestFinancialApiResult> {
  requirePermission(user, "analytics.settings");
  requireTestableApp(deps, user, input.appId);
  const results: TestResult[] = [];
  const finish = () => ({ success: results.every((r) => r.success), testResults: results });

  if (!deps.steam.hasPartnerKey) {
    results.push({
      test: "Partner API Key",
      success: false,
      message: PARTNER.keyMissing,
      error: PARTNER.keyMissing,
      data: { suggestions: PARTNER.suggestions },
    });
    return finish();
  }
  results.push({
    test: "Partner API Key",
    success: true,
    message: "A Partner API key is configured on the server",
  });

  let dates: string[];
  try {
    dates = (await deps.steam.changedDates("0")).dates.sort();
    results.push({
      test: ANALYTICS.apiConnection,
      success: true,
      message: `GetChangedDatesForPartner answered with ${dates.length} dates that have sales data`,
      resultsCount: dates.length,
      data: { firstDate: dates[0] ?? null, latestDate: dates.at(-1) ?? null },
    });
  } catch (err) {
    results.push(failure(ANALYTICS.apiConnection, err));
    return finish();
  }
  const latest = dates.at(-1);
  if (!latest) {
    results.push({
      test: "Detailed Sales",
      success: false,
      message: "The partner account has no sales dates yet",
    });
    return finish();
  }

  // The newest few dates: the app may have no sales on the very latest one.
  const partnerIds = new Set<number>();
  let appRows = 0;
  let appDate: string | null = null;
  for (const [i, date] of dates.slice(-7).reverse().entries()) {
    try {
      const { rows, pages } = await deps.steam.detailedSales(date);
      for (const r of rows) if (r.partnerId) partnerIds.add(r.partnerId);
      if (i === 0) {
        results.push({
          test: "Detailed Sales",
          success: true,
          message: `GetDetailedSales for ${date} returned ${rows.length} line items in ${pages} pages`,
          resultsCount: rows.length,
          data: { date, pages },
        });
      }
      const mine = rows.filter((r) => r.primaryAppId === input.appId).length;
      if (mine > 0) {
        appRows = mine;
        appDate = date;
        break;
      }
    } catch (err) {
      results.push(failure(i === 0 ? "Detailed Sales" : "App Data", err));
      return finish();
    }
  }
  const detected = [...partnerIds];
  const partnerMismatch =
    input.partnerId !== undefined && detected.length > 0 && !partnerIds.has(input.partnerId);
  results.push({
    test: "App Data",
    success: appRows > 0 && !partnerMismatch,
    message: partnerMismatch
      ? `Partner ID ${input.partnerId} does not match the key's partner (${detected.join(", ")})`
      : appRows > 0
        ? `App ${input.appId} has ${appRows} line items on ${appDate}`
        : `App ${input.appId} was not found in the latest sales data`,
    resultsCount: appRows,
    data: { appId: input.appId, date: appDate, detectedPartnerIds: detected },
  });
  return finish();
}
