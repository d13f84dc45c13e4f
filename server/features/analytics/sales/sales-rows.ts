import type { AppDeps } from "@server/deps";
import { requireProject } from "@server/features/projects";
import { steamSales } from "@server/platform/db/schema";
import { badRequest } from "@server/platform/errors";
import { ANALYTICS } from "@shared/messages/analytics";
import { SALES } from "@shared/messages/analytics-sales";
import type { BreakdownRow } from "@shared/schemas/analytics-sales";
import type { SessionUser } from "@shared/types";
import { and, eq, gte, lte } from "drizzle-orm";

// What the sales analytics share: the project's app id (checked), its stored line items over a
// date range, and one accumulator so every breakdown sums exactly as the overview does.

export type SaleLine = typeof steamSales.$inferSelect;

/** The project's Steam app id, once access is checked; a 400 when sales cannot be shown for it. */
export async function salesAppId(deps: AppDeps, user: SessionUser, projectId: number): Promise<number> {
  const p = await requireProject(deps, user, projectId);
  if (!p.steamAppId) throw badRequest(ANALYTICS.noAppId);
  if (!p.financialAnalyticsEnabled) throw badRequest(SALES.financialOff);
  return p.steamAppId;
}

/** Line items of an app from `first` to `last` (inclusive, YYYY-MM-DD). */
export function salesLines(deps: AppDeps, appId: number, first: string, last: string): Promise<SaleLine[]> {
  return deps.db
    .select()
    .from(steamSales)
    .where(and(eq(steamSales.primaryAppId, appId), gte(steamSales.date, first), lte(steamSales.date, last)))
    .orderBy(steamSales.date);
}

export type Figures = Omit<BreakdownRow, "key" | "name" | "detail">;

export const emptyFigures = (): Figures => ({
  grossCents: 0,
  returnsCents: 0,
  taxCents: 0,
  netCents: 0,
  grossUnits: 0,
  returnedUnits: 0,
  netUnits: 0,
  refundRate: null,
});

/** Adds a line with the overview's conventions: returns counted positive, net as Steam reports it. */
export function addLine(f: Figures, l: SaleLine): void {
  f.grossCents += l.grossSalesCents;
  f.returnsCents += Math.abs(l.grossReturnsCents);
  f.netCents += l.netSalesCents;
  f.grossUnits += l.grossUnitsSold;
  f.returnedUnits += Math.abs(l.grossUnitsReturned);
  f.netUnits += l.netUnitsSold;
}

/** Returned units ÷ gross units sold, in percent with one decimal; null when nothing was sold. */
export const refundRate = (returned: number, sold: number): number | null =>
  sold > 0 ? Math.round((returned / sold) * 1000) / 10 : null;

export function finish<T extends Figures>(f: T): T {
  // Tax is what lies between gross − returns and Steam's net. Steam rounds each line's amounts on
  // their own, so the summed net_tax_usd can differ from it by a few cents; the residue makes the
  // figures on screen add up to the cent, and net stays exactly Steam's.
  f.taxCents = f.grossCents - f.returnsCents - f.netCents;
  f.refundRate = refundRate(f.returnedUnits, f.grossUnits);
  return f;
}
