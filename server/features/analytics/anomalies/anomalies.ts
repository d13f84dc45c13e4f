import type { AppDeps } from "@server/deps";
import { refundDays } from "@server/features/analytics/sales/sales-refunds";
import { addDays, dayRange, pacificDate, utcDate } from "@server/features/analytics/steam/dates";
import { requireProject } from "@server/features/projects";
import {
  analyticsAnomalies,
  projects,
  steamReviewDays,
  steamWishlistCountries,
  steamWishlistDays,
} from "@server/platform/db/schema";
import { iso } from "@server/platform/iso";
import { ANOMALIES, ANOMALY_FIGURES as NAMES } from "@shared/messages/analytics-anomalies";
import type { AnomaliesAnswer, AnomalyFigure } from "@shared/schemas/analytics-anomalies";
import type { SessionUser } from "@shared/types";
import { and, desc, eq, gte, lte, sum } from "drizzle-orm";
import { robustZ, WINDOW_DAYS } from "./robust-z";

// After each sync of a figure, its newest days are scored against the 28 days before each of them
// (robust z-score). Only the newest days are news, as with the spike rules: a first backfill of
// years must not flood a webhook. Each (project, figure, country, day) is recorded before its event
// goes out, so neither a re-sync nor a restart nor a second node tells it twice.

/** Days, counted back from the newest, that are scored and may be announced. */
export const RECENT_DAYS = 3;
/** Countries scored beside the overall figure: the ones with the most wishlist adds in the window. */
export const TOP_COUNTRIES = 3;
/** The least change that is news, per figure: small games' few daily actions stay quiet. */
const MIN_CHANGE: Record<AnomalyFigure, number> = {
  wishlist_adds: 10,
  wishlist_deletes: 10,
  refunds: 5,
  review_score: 2,
};

type Series = Map<string, number>;

const round = (v: number) => Math.round(v * 10) / 10;

/** Scores the series' last RECENT_DAYS days ending `last`; missing days count as 0 for counts. */
async function scoreSeries(
  deps: AppDeps,
  projectId: number,
  figure: AnomalyFigure,
  country: string | null,
  series: Series,
  last: string,
  missingIsZero: boolean,
): Promise<number> {
  // Before the first stored day there is no history, not a run of zeros.
  const first = [...series.keys()].sort()[0];
  let told = 0;
  for (const date of dayRange(last, RECENT_DAYS)) {
    const value = series.get(date) ?? (missingIsZero ? 0 : undefined);
    if (value === undefined || first === undefined) continue;
    const history: number[] = [];
    for (const d of dayRange(addDays(date, -1), WINDOW_DAYS)) {
      if (d < first) continue;
      const v = series.get(d) ?? (missingIsZero ? 0 : undefined);
      if (v !== undefined) history.push(v);
    }
    const s = robustZ(history, value, MIN_CHANGE[figure]);
    if (!s.anomaly) continue;
    if (await announce(deps, projectId, { figure, country, date, value, ...s })) told += 1;
  }
  return told;
}

async function announce(
  deps: AppDeps,
  projectId: number,
  a: {
    figure: AnomalyFigure;
    country: string | null;
    date: string;
    value: number;
    median: number;
    low: number;
    high: number;
  },
): Promise<boolean> {
  const [value, low, high] = [round(a.value), round(a.low), round(a.high)];
  const added = await deps.db
    .insert(analyticsAnomalies)
    .values({
      projectId,
      figure: a.figure,
      country: a.country ?? "",
      date: a.date,
      value,
      median: round(a.median),
      low,
      high,
      sentAt: deps.now(),
    })
    .onConflictDoNothing()
    .returning({ date: analyticsAnomalies.date });
  if (added.length === 0) return false;
  deps.events.emit({
    type: "analytics.anomaly",
    projectId,
    at: deps.now(),
    figure: NAMES[a.figure],
    date: a.date,
    value,
    usualLow: low,
    usualHigh: high,
    ...(a.country ? { country: a.country } : {}),
    message: ANOMALIES.sentence(a.figure, a.country, a.date, value, low, high),
  });
  return true;
}

const windowStart = (last: string) => addDays(last, 1 - RECENT_DAYS - WINDOW_DAYS);

/** Wishlist adds and deletes, overall and for the top countries, after a wishlist sync. */
export async function checkWishlistAnomalies(
  deps: AppDeps,
  projectId: number,
  appId: number,
): Promise<number> {
  const last = utcDate(deps.now());
  const from = windowStart(last);
  const days = await deps.db
    .select()
    .from(steamWishlistDays)
    .where(
      and(
        eq(steamWishlistDays.appId, appId),
        gte(steamWishlistDays.date, from),
        lte(steamWishlistDays.date, last),
      ),
    );
  let told = 0;
  for (const figure of ["wishlist_adds", "wishlist_deletes"] as const) {
    const pick = figure === "wishlist_adds" ? "adds" : "deletes";
    told += await scoreSeries(
      deps,
      projectId,
      figure,
      null,
      new Map(days.map((d) => [d.date, d[pick]])),
      last,
      true,
    );
  }
  const C = steamWishlistCountries;
  const inWindow = and(eq(C.appId, appId), gte(C.date, from), lte(C.date, last));
  const top = await deps.db
    .select({ country: C.countryCode, adds: sum(C.adds) })
    .from(C)
    .where(inWindow)
    .groupBy(C.countryCode)
    .orderBy(desc(sum(C.adds)))
    .limit(TOP_COUNTRIES);
  for (const { country } of top) {
    const rows = await deps.db
      .select()
      .from(C)
      .where(and(inWindow, eq(C.countryCode, country)));
    for (const figure of ["wishlist_adds", "wishlist_deletes"] as const) {
      const pick = figure === "wishlist_adds" ? "adds" : "deletes";
      const series = new Map(rows.map((r) => [r.date, r[pick]]));
      told += await scoreSeries(deps, projectId, figure, country, series, last, true);
    }
  }
  return told;
}

/** Refunded units per Pacific day (Steam's sales dates), for every project with sales analytics. */
export async function checkRefundAnomalies(deps: AppDeps): Promise<number> {
  const watched = await deps.db
    .select({ id: projects.id, appId: projects.steamAppId })
    .from(projects)
    .where(eq(projects.financialAnalyticsEnabled, true));
  const last = pacificDate(deps.now());
  let told = 0;
  for (const p of watched) {
    if (p.appId === null) continue;
    const days = await refundDays(deps, p.appId, last, RECENT_DAYS + WINDOW_DAYS);
    const series = new Map(
      days.filter((d) => d.grossUnits > 0 || d.returnedUnits > 0).map((d) => [d.date, d.returnedUnits]),
    );
    if (series.size === 0) continue;
    told += await scoreSeries(deps, p.id, "refunds", null, series, last, true);
  }
  return told;
}

/** The share of positive reviews per day, for every project watching the app, after a review sample. */
export async function checkReviewAnomalies(deps: AppDeps, appId: number): Promise<number> {
  const last = utcDate(deps.now());
  const R = steamReviewDays;
  const days = await deps.db
    .select()
    .from(R)
    .where(and(eq(R.appId, appId), gte(R.date, windowStart(last)), lte(R.date, last)));
  // An app with no reviews has no share: those days are left out, never read as 0 %.
  const series = new Map(
    days.filter((d) => d.totalReviews > 0).map((d) => [d.date, (100 * d.totalPositive) / d.totalReviews]),
  );
  if (series.size === 0) return 0;
  const watching = await deps.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.steamAppId, appId), eq(projects.steamAnalyticsEnabled, true)));
  let told = 0;
  for (const p of watching) told += await scoreSeries(deps, p.id, "review_score", null, series, last, false);
  return told;
}

/** The project's anomalies of the last weeks, newest first, for the Analytics tab. */
export async function recentAnomalies(
  deps: AppDeps,
  user: SessionUser,
  input: { projectId: number },
): Promise<AnomaliesAnswer> {
  await requireProject(deps, user, input.projectId);
  const A = analyticsAnomalies;
  const rows = await deps.db
    .select()
    .from(A)
    .where(and(eq(A.projectId, input.projectId), gte(A.date, addDays(utcDate(deps.now()), -WINDOW_DAYS))))
    .orderBy(desc(A.date), desc(A.sentAt))
    .limit(50);
  return {
    anomalies: rows.map((r) => {
      const figure = r.figure as AnomalyFigure;
      const country = r.country || null;
      return {
        figure,
        country,
        date: r.date,
        value: r.value,
        median: r.median,
        low: r.low,
        high: r.high,
        message: ANOMALIES.sentence(figure, country, r.date, r.value, r.low, r.high),
        sentAt: iso(r.sentAt)!,
      };
    }),
  };
}
