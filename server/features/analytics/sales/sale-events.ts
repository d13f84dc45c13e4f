import type { AppDeps } from "@server/deps";
import { addDays } from "@server/features/analytics/steam/dates";
import { steamSales, steamSalesDates } from "@server/platform/db/schema";
import type { SaleEvent, SaleEventsAnswer } from "@shared/schemas/analytics-sales";
import type { SessionUser } from "@shared/types";
import { and, eq, gte, isNotNull, lte } from "drizzle-orm";
import { wishlistPurchasesDuring } from "./sale-event-wishlists";
import { type SalesNames, salesNames } from "./sales-info-store";
import { addLine, emptyFigures, refundRate, type SaleLine, salesAppId, salesLines } from "./sales-rows";

// GET /analytics/sale-events/{projectId}: every run of consecutive dates on which the game sold
// under one combined discount, scored on the whole game's sales over those dates (a sale moves the
// full-price regions and other packages too). Lift compares net per day with the 14 days before,
// counting only days that were synced (a synced day without sales counts as zero); with no synced
// day before, or nothing earned then, there is nothing to compare with and lift is null.

export const BASELINE_DAYS = 14;
const TOP_COUNTRIES = 5;
const round1 = (n: number) => Math.round(n * 10) / 10;

export interface DiscountRun {
  combinedDiscountId: number;
  startDate: string;
  endDate: string;
  days: number;
}

/** Runs of consecutive dates per discount id, from (date, id) pairs in any order. */
export function discountRuns(pairs: { date: string; combinedDiscountId: number }[]): DiscountRun[] {
  const byId = new Map<number, Set<string>>();
  for (const p of pairs)
    byId.set(p.combinedDiscountId, (byId.get(p.combinedDiscountId) ?? new Set()).add(p.date));
  const runs: DiscountRun[] = [];
  for (const [combinedDiscountId, set] of byId) {
    let run: DiscountRun | null = null;
    for (const date of [...set].sort()) {
      if (run && addDays(run.endDate, 1) === date) {
        run.endDate = date;
        run.days += 1;
        continue;
      }
      run = { combinedDiscountId, startDate: date, endDate: date, days: 1 };
      runs.push(run);
    }
  }
  return runs.sort(
    (a, b) => b.startDate.localeCompare(a.startDate) || a.combinedDiscountId - b.combinedDiscountId,
  );
}

/** Net per day over the synced days of the `BASELINE_DAYS` before `start`; null without any. */
export async function baselineNetPerDay(deps: AppDeps, appId: number, start: string): Promise<number | null> {
  const first = addDays(start, -BASELINE_DAYS);
  const last = addDays(start, -1);
  const synced = (
    await deps.db
      .select({ date: steamSalesDates.date })
      .from(steamSalesDates)
      .where(
        and(
          gte(steamSalesDates.date, first),
          lte(steamSalesDates.date, last),
          isNotNull(steamSalesDates.fetchedAt),
        ),
      )
  ).length;
  if (synced === 0) return null;
  const net = (await salesLines(deps, appId, first, last)).reduce((s, l) => s + l.netSalesCents, 0);
  return Math.round(net / synced);
}

/** (during ÷ before − 1) in percent, one decimal; null when there is no positive baseline. */
export const liftPercent = (during: number, before: number | null): number | null =>
  before === null || before <= 0 ? null : round1((during / before - 1) * 100);

function topCountries(lines: SaleLine[], net: number, names: SalesNames): SaleEvent["topCountries"] {
  const per = new Map<string, number>();
  for (const l of lines) per.set(l.countryCode ?? "", (per.get(l.countryCode ?? "") ?? 0) + l.netSalesCents);
  return [...per.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP_COUNTRIES)
    .map(([code, cents]) => ({
      code,
      name: names.countries.get(code)?.name ?? code,
      sharePercent: net > 0 ? round1((cents / net) * 100) : 0,
    }));
}

export async function scoreRun(
  deps: AppDeps,
  appId: number,
  run: DiscountRun,
  names: SalesNames,
): Promise<SaleEvent> {
  const lines = await salesLines(deps, appId, run.startDate, run.endDate);
  const f = emptyFigures();
  for (const l of lines) addLine(f, l);
  const info = names.discounts.get(run.combinedDiscountId);
  const ownLines = lines.filter((l) => l.combinedDiscountId === run.combinedDiscountId);
  const depths = ownLines.map((l) => l.totalDiscountPercentage).filter((p): p is number => p != null);
  const netPerDay = Math.round(f.netCents / run.days);
  const baseline = await baselineNetPerDay(deps, appId, run.startDate);
  return {
    ...run,
    name: info?.name ?? `Discount ${run.combinedDiscountId}`,
    depthPercent: info?.totalDiscountPercentage ?? (depths.length ? Math.max(...depths) : null),
    netCents: f.netCents,
    netPerDayCents: netPerDay,
    unitsPerDay: round1(f.netUnits / run.days),
    baselineNetPerDayCents: baseline,
    liftPercent: liftPercent(netPerDay, baseline),
    refundRate: refundRate(f.returnedUnits, f.grossUnits),
    wishlistPurchases: await wishlistPurchasesDuring(deps, appId, run.startDate, run.endDate),
    topCountries: topCountries(lines, f.netCents, names),
  };
}

/** The app's discount periods in its stored sales, newest first. */
export async function appDiscountRuns(deps: AppDeps, appId: number): Promise<DiscountRun[]> {
  const pairs = (
    await deps.db
      .selectDistinct({ date: steamSales.date, combinedDiscountId: steamSales.combinedDiscountId })
      .from(steamSales)
      .where(and(eq(steamSales.primaryAppId, appId), isNotNull(steamSales.combinedDiscountId)))
  ).filter((p): p is { date: string; combinedDiscountId: number } => (p.combinedDiscountId ?? 0) > 0);
  return discountRuns(pairs);
}

export async function saleEvents(
  deps: AppDeps,
  user: SessionUser,
  input: { projectId: number },
): Promise<SaleEventsAnswer> {
  const appId = await salesAppId(deps, user, input.projectId);
  const names = await salesNames(deps);
  const events: SaleEvent[] = [];
  for (const run of await appDiscountRuns(deps, appId)) events.push(await scoreRun(deps, appId, run, names));
  return { events };
}
