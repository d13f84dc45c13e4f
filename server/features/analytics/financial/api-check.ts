import type { AppDeps } from "@server/deps";
import { maskKeys } from "@server/features/analytics/steam/errors";
import { requirePermission } from "@server/features/projects";
import { projects } from "@server/platform/db/schema";
import { forbidden } from "@server/platform/errors";
import { ANALYTICS, PARTNER } from "@shared/messages/analytics";
import { API_CHECK } from "@shared/messages/analytics-api-check";
import type { TestFinancialApiResult, TestResult } from "@shared/schemas/analytics";
import type { SessionUser } from "@shared/types";
import { and, eq, ne } from "drizzle-orm";

// The financial API test dialog's named checks: reads only, never stores anything. Each check adds
// its result; a check that fails ends the run, since the later ones depend on it.

interface CheckInput {
  appId: number;
  partnerId?: number;
}

/** A non-admin may test only app ids no other organization's project claims. */
async function requireTestableApp(deps: AppDeps, user: SessionUser, appId: number) {
  if (user.role === "admin") return;
  const [claimed] = await deps.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.steamAppId, appId), ne(projects.orgId, user.org_id ?? -1)))
    .limit(1);
  if (claimed) throw forbidden(API_CHECK.appOfOtherOrganization);
}

const failure = (test: string, err: unknown): TestResult => ({
  test,
  success: false,
  message: API_CHECK.failed(test),
  error: maskKeys((err as Error).message),
});

/** The test dialog's checks, in order; later checks are skipped once one fails. Reads only. */
export async function testFinancialApi(
  deps: AppDeps,
  user: SessionUser,
  input: CheckInput,
): Promise<TestFinancialApiResult> {
  requirePermission(user, "analytics.settings");
  await requireTestableApp(deps, user, input.appId);
  const results: TestResult[] = [];
  const finish = () => ({ success: results.every((r) => r.success), testResults: results });
  if (!checkKey(deps, results)) return finish();
  const dates = await checkConnection(deps, results);
  if (!dates) return finish();
  if (dates.length === 0) {
    results.push({ test: API_CHECK.salesTest, success: false, message: API_CHECK.noSalesDates });
    return finish();
  }
  await checkSales(deps, input, dates, results);
  return finish();
}

function checkKey(deps: AppDeps, results: TestResult[]): boolean {
  if (deps.steam.hasPartnerKey) {
    results.push({ test: API_CHECK.keyTest, success: true, message: API_CHECK.keyConfigured });
    return true;
  }
  results.push({
    test: API_CHECK.keyTest,
    success: false,
    message: PARTNER.keyMissing,
    error: PARTNER.keyMissing,
    data: { suggestions: PARTNER.suggestions },
  });
  return false;
}

/** The dates with sales, oldest first; null when Steam could not be asked. */
async function checkConnection(deps: AppDeps, results: TestResult[]): Promise<string[] | null> {
  try {
    const dates = (await deps.steam.changedDates("0")).dates.sort();
    results.push({
      test: ANALYTICS.apiConnection,
      success: true,
      message: API_CHECK.datesFound(dates.length),
      resultsCount: dates.length,
      data: { firstDate: dates[0] ?? null, latestDate: dates.at(-1) ?? null },
    });
    return dates;
  } catch (err) {
    results.push(failure(ANALYTICS.apiConnection, err));
    return null;
  }
}

/** The newest few dates' sales: the app may have no sales on the very latest one. */
async function checkSales(deps: AppDeps, input: CheckInput, dates: string[], results: TestResult[]) {
  const partnerIds = new Set<number>();
  let appRows = 0;
  let appDate: string | null = null;
  for (const [i, date] of dates.slice(-7).reverse().entries()) {
    try {
      const { rows, pages } = await deps.steam.detailedSales(date);
      for (const r of rows) if (r.partnerId) partnerIds.add(r.partnerId);
      if (i === 0) {
        results.push({
          test: API_CHECK.salesTest,
          success: true,
          message: API_CHECK.salesFound(date, rows.length, pages),
          resultsCount: rows.length,
          data: { date, pages },
        });
      }
      appRows = rows.filter((r) => r.primaryAppId === input.appId).length;
      appDate = date;
      if (appRows > 0) break;
    } catch (err) {
      results.push(failure(i === 0 ? API_CHECK.salesTest : API_CHECK.appTest, err));
      return;
    }
  }
  const detected = [...partnerIds];
  const mismatch = input.partnerId !== undefined && detected.length > 0 && !partnerIds.has(input.partnerId);
  results.push({
    test: API_CHECK.appTest,
    success: appRows > 0 && !mismatch,
    message:
      mismatch && input.partnerId !== undefined
        ? API_CHECK.partnerMismatch(input.partnerId, detected)
        : appRows > 0
          ? API_CHECK.appFound(input.appId, appRows, appDate)
          : API_CHECK.appMissing(input.appId),
    resultsCount: appRows,
    data: { appId: input.appId, date: appRows > 0 ? appDate : null, detectedPartnerIds: detected },
  });
}
