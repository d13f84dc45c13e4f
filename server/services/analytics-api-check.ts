import { and, eq, ne } from "drizzle-orm";
import { ANALYTICS, PARTNER } from "../../shared/messages/analytics";
import type { TestFinancialApiResult, TestResult } from "../../shared/schemas/analytics";
import type { SessionUser } from "../../shared/types";
import { projects } from "../db/schema";
import type { AppDeps } from "../deps";
import { forbidden } from "../errors";
import { maskKeys } from "../steam/errors";
import { requirePermission } from "./access";

// The financial API test dialog's named checks: reads only, never stores anything.

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
