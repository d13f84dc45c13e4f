import type { AppDeps } from "@server/deps";
import { rememberAppName } from "@server/features/analytics/analytics-steam";
import { maskKeys } from "@server/features/analytics/steam/errors";
import { steamPartnerState, steamSales, steamSalesDates } from "@server/platform/db/schema";
import { and, count, eq, inArray, isNull, or } from "drizzle-orm";
import { storeSalesInfo } from "./sales-info-store";

// Storage side of the partner financial sync. GetChangedDatesForPartner tells which dates have new
// data since the stored high-water mark; those dates are marked pending (fetched_at NULL) and the
// mark advances in the same transaction, so a crash can never skip a date. Fetching a date replaces
// all of that date's rows in one transaction: a second sync of the same date never double-counts.

/** Line items per insert statement: well under both databases' limits on bound parameters. */
const INSERT_BATCH = 500;

export async function highWaterMark(deps: AppDeps): Promise<string> {
  const [state] = await deps.db.select().from(steamPartnerState).where(eq(steamPartnerState.id, 1));
  return state?.highwatermark ?? "0";
}

/** Asks Steam which dates changed since the stored mark; records them as pending. Returns them. */
export async function refreshChangedDates(deps: AppDeps): Promise<string[]> {
  const { dates, highwatermark } = await deps.steam.changedDates(await highWaterMark(deps));
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    for (const date of dates) {
      await tx
        .insert(steamSalesDates)
        .values({ date, changedAt: now, fetchedAt: null })
        .onConflictDoUpdate({ target: steamSalesDates.date, set: { changedAt: now, fetchedAt: null } });
    }
    await tx
      .insert(steamPartnerState)
      .values({ id: 1, highwatermark, updatedAt: now })
      .onConflictDoUpdate({ target: steamPartnerState.id, set: { highwatermark, updatedAt: now } });
  });
  return dates;
}

/** Of these dates, the ones to fetch: pending ones, plus the newest two (still accruing sales). */
export async function datesToFetch(
  deps: AppDeps,
  dates: string[],
  alwaysFetch: string[] = [],
): Promise<string[]> {
  if (dates.length === 0) return [];
  const pending = (
    await deps.db
      .select({ date: steamSalesDates.date })
      .from(steamSalesDates)
      .where(and(inArray(steamSalesDates.date, dates), isNull(steamSalesDates.fetchedAt)))
  ).map((r) => r.date);
  const wanted = new Set([...pending, ...alwaysFetch.filter((d) => dates.includes(d))]);
  return dates.filter((d) => wanted.has(d));
}

export interface DateFetch {
  date: string;
  ok: boolean;
  rows: number;
  /** Rows per primary app id, for per-app counts. */
  perApp: Map<number, number>;
  error?: string;
}

/** Fetches one date in full and replaces its rows. Steam errors propagate to the caller. */
export async function fetchDate(deps: AppDeps, date: string): Promise<DateFetch> {
  const { rows, appNames, info } = await deps.steam.detailedSales(date);
  const perApp = new Map<number, number>();
  await deps.db.transaction(async (tx) => {
    await tx.delete(steamSales).where(eq(steamSales.date, date));
    const lines = rows.map(({ partnerId: _p, ...row }) => row);
    // A statement per batch, not per line: a busy date has thousands, and each is a round trip on PostgreSQL.
    for (let i = 0; i < lines.length; i += INSERT_BATCH) {
      await tx.insert(steamSales).values(lines.slice(i, i + INSERT_BATCH));
    }
    for (const row of lines) perApp.set(row.primaryAppId, (perApp.get(row.primaryAppId) ?? 0) + 1);
    if (info) await storeSalesInfo(tx, info);
    await tx
      .insert(steamSalesDates)
      .values({ date, fetchedAt: deps.now(), rowCount: rows.length })
      .onConflictDoUpdate({
        target: steamSalesDates.date,
        set: { fetchedAt: deps.now(), rowCount: rows.length },
      });
  });
  for (const [appId, name] of appNames) await rememberAppName(deps, appId, name);
  return { date, ok: true, rows: rows.length, perApp };
}

/**
 * Fetches each date in turn. Partner-key errors stop everything (every date would fail the same
 * way) and are thrown; other failures are recorded per date and the rest continue. `onFetched`
 * hears of each date as it ends, for a job's progress.
 */
export async function fetchDates(
  deps: AppDeps,
  dates: string[],
  isFatal: (err: unknown) => boolean,
  onFetched: (fetched: DateFetch) => void = () => {},
): Promise<DateFetch[]> {
  const out: DateFetch[] = [];
  for (const date of dates) {
    const fetched = await fetchDate(deps, date).catch((err): DateFetch => {
      if (isFatal(err)) throw err;
      return { date, ok: false, rows: 0, perApp: new Map(), error: maskKeys((err as Error).message) };
    });
    out.push(fetched);
    onFetched(fetched);
  }
  return out;
}

/** Stored line items for an app on these dates. */
export async function rowsForApp(deps: AppDeps, appId: number, dates: string[]): Promise<number> {
  if (dates.length === 0) return 0;
  const [row] = await deps.db
    .select({ n: count() })
    .from(steamSales)
    .where(and(eq(steamSales.primaryAppId, appId), or(inArray(steamSales.date, dates))));
  return row?.n ?? 0;
}
