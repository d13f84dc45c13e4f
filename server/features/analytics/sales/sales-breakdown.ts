import type { AppDeps } from "@server/deps";
import { dayRange, pacificDate } from "@server/features/analytics/steam/dates";
import { SALES } from "@shared/messages/analytics-sales";
import type { BreakdownAnswer, BreakdownBy, BreakdownRow } from "@shared/schemas/analytics-sales";
import type { SessionUser } from "@shared/types";
import { type SalesNames, salesNames } from "./sales-info-store";
import { addLine, emptyFigures, finish, type SaleLine, salesAppId, salesLines } from "./sales-rows";

// GET /analytics/sales-breakdown/{projectId}?days=&by=: the period's line items grouped by country,
// platform, package (or bundle) or discount. The period is the overview's (the last n Pacific
// dates), and every line lands in exactly one group, so the groups always sum to its totals.

type Label = { key: string; name: string; detail: string | null };

function labelOf(by: BreakdownBy, l: SaleLine, names: SalesNames): Label {
  if (by === "country") {
    const c = l.countryCode ? names.countries.get(l.countryCode) : undefined;
    const key = l.countryCode ?? "none";
    return { key, name: c?.name ?? l.countryCode ?? SALES.unknownCountry, detail: c?.region ?? null };
  }
  if (by === "platform")
    return { key: l.platform ?? "none", name: l.platform ?? SALES.unknownPlatform, detail: null };
  if (by === "package") {
    if (l.bundleId) {
      const name = names.bundles.get(l.bundleId) ?? SALES.bundleName(l.bundleId);
      return { key: `bundle:${l.bundleId}`, name, detail: null };
    }
    if (!l.packageId) return { key: "none", name: SALES.unknownPackage, detail: null };
    const name = names.packages.get(l.packageId) ?? SALES.packageName(l.packageId);
    return { key: `package:${l.packageId}`, name, detail: null };
  }
  if (!l.combinedDiscountId) return { key: "none", name: SALES.fullPrice, detail: null };
  const d = names.discounts.get(l.combinedDiscountId);
  const percent = d?.totalDiscountPercentage ?? l.totalDiscountPercentage;
  return {
    key: String(l.combinedDiscountId),
    name: d?.name ?? SALES.discountName(l.combinedDiscountId),
    detail: percent == null ? null : SALES.depth(percent),
  };
}

/** Groups lines, biggest net first. */
export function groupLines(lines: SaleLine[], by: BreakdownBy, names: SalesNames): BreakdownRow[] {
  const groups = new Map<string, BreakdownRow>();
  for (const l of lines) {
    const label = labelOf(by, l, names);
    let g = groups.get(label.key);
    if (!g) {
      g = { ...label, ...emptyFigures() };
      groups.set(label.key, g);
    }
    addLine(g, l);
  }
  return [...groups.values()]
    .map(finish)
    .sort((a, b) => b.netCents - a.netCents || a.key.localeCompare(b.key));
}

export async function salesBreakdown(
  deps: AppDeps,
  user: SessionUser,
  input: { projectId: number; days: number; by: BreakdownBy },
): Promise<BreakdownAnswer> {
  const appId = await salesAppId(deps, user, input.projectId);
  const dates = dayRange(pacificDate(deps.now()), input.days);
  const startDate = dates[0]!;
  const endDate = dates[dates.length - 1]!;
  const lines = await salesLines(deps, appId, startDate, endDate);
  const totals = emptyFigures();
  for (const l of lines) addLine(totals, l);
  return {
    by: input.by,
    startDate,
    endDate,
    rows: groupLines(lines, input.by, await salesNames(deps)),
    totals: finish(totals),
  };
}
