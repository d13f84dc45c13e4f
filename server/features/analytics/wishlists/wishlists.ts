import type { AppDeps } from "@server/deps";
import { dayRange, utcDate } from "@server/features/analytics/steam/dates";
import { requireProject } from "@server/features/projects";
import { steamWishlistCountries, steamWishlistDays } from "@server/platform/db/schema";
import { badRequest } from "@server/platform/errors";
import { WISHLISTS } from "@shared/messages/wishlists";
import { WISHLIST_TOP_COUNTRIES, type WishlistDay, type WishlistsAnswer } from "@shared/schemas/wishlists";
import type { SessionUser } from "@shared/types";
import { and, asc, desc, eq, gte, lt, lte, min, sql, sum } from "drizzle-orm";

// What the wishlists card shows: per-day actions, the outstanding balance (adds − deletes −
// purchases − gifts, accumulated from the first stored date, not from the period's start), the
// conversion over the period and its top countries.

const W = steamWishlistDays;
const net = sql<number>`coalesce(sum(${W.adds} - ${W.deletes} - ${W.purchases} - ${W.gifts}), 0)`;
const n = (v: unknown) => Number(v ?? 0);

/** The balance before `date`: every stored day earlier than it. */
export async function openingBalance(deps: AppDeps, appId: number, date: string): Promise<number> {
  const [row] = await deps.db
    .select({ net })
    .from(W)
    .where(and(eq(W.appId, appId), lt(W.date, date)));
  return n(row?.net);
}

function storedDays(deps: AppDeps, appId: number, from: string, to: string) {
  return deps.db
    .select()
    .from(W)
    .where(and(eq(W.appId, appId), gte(W.date, from), lte(W.date, to)))
    .orderBy(asc(W.date));
}

/** Each day of [from, to] that has data or follows data, with the running balance. */
async function dailyWithBalance(deps: AppDeps, appId: number, dates: string[]): Promise<WishlistDay[]> {
  const stored = await storedDays(deps, appId, dates[0]!, dates[dates.length - 1]!);
  const rows = new Map(stored.map((r) => [r.date, r]));
  let balance = await openingBalance(deps, appId, dates[0]!);
  const out: WishlistDay[] = [];
  for (const date of dates) {
    const r = rows.get(date);
    if (!r && out.length === 0 && balance === 0) continue;
    const day = {
      adds: r?.adds ?? 0,
      deletes: r?.deletes ?? 0,
      purchases: r?.purchases ?? 0,
      gifts: r?.gifts ?? 0,
    };
    balance += day.adds - day.deletes - day.purchases - day.gifts;
    out.push({ date, ...day, balance });
  }
  return out;
}

function topCountries(deps: AppDeps, appId: number, from: string, to: string) {
  const C = steamWishlistCountries;
  return deps.db
    .select({
      countryCode: C.countryCode,
      adds: sum(C.adds).mapWith(Number),
      deletes: sum(C.deletes).mapWith(Number),
      purchases: sum(C.purchases).mapWith(Number),
      gifts: sum(C.gifts).mapWith(Number),
    })
    .from(C)
    .where(and(eq(C.appId, appId), gte(C.date, from), lte(C.date, to)))
    .groupBy(C.countryCode)
    .orderBy(desc(sum(C.adds)), asc(C.countryCode))
    .limit(WISHLIST_TOP_COUNTRIES);
}

async function platforms(deps: AppDeps, appId: number, from: string, to: string) {
  const [r] = await deps.db
    .select({ windows: sum(W.addsWindows), mac: sum(W.addsMac), linux: sum(W.addsLinux) })
    .from(W)
    .where(and(eq(W.appId, appId), gte(W.date, from), lte(W.date, to)));
  if (!r || (r.windows === null && r.mac === null && r.linux === null)) return null;
  return { windows: n(r.windows), mac: n(r.mac), linux: n(r.linux) };
}

export async function wishlistReport(
  deps: AppDeps,
  appId: number,
  days: number,
  financialEnabled: boolean,
): Promise<WishlistsAnswer> {
  const dates = dayRange(utcDate(deps.now()), days);
  const [from, to] = [dates[0]!, dates[dates.length - 1]!];
  const [first] = await deps.db
    .select({ d: min(W.date) })
    .from(W)
    .where(eq(W.appId, appId));
  const firstDate = first?.d ?? null;
  const daily = await dailyWithBalance(deps, appId, dates);
  const totals = { adds: 0, deletes: 0, purchases: 0, gifts: 0 };
  for (const d of daily) {
    totals.adds += d.adds;
    totals.deletes += d.deletes;
    totals.purchases += d.purchases;
    totals.gifts += d.gifts;
  }
  const balance = daily.length ? daily[daily.length - 1]!.balance : await openingBalance(deps, appId, from);
  return {
    financialEnabled,
    hasData: firstDate !== null,
    period: { days, startDate: from, endDate: to },
    firstDate,
    totals,
    balance,
    balanceChange: totals.adds - totals.deletes - totals.purchases - totals.gifts,
    conversion: totals.adds > 0 ? totals.purchases / totals.adds : null,
    platforms: await platforms(deps, appId, from, to),
    daily,
    topCountries: await topCountries(deps, appId, from, to),
  };
}

/** The card's answer. Without financial analytics the card shows its empty state: nothing is read. */
export async function getWishlists(
  deps: AppDeps,
  user: SessionUser,
  input: { projectId: number; days: number },
) {
  const project = await requireProject(deps, user, input.projectId);
  const appId = project.steamAppId;
  if (!appId) throw badRequest(WISHLISTS.noAppId);
  if (!project.financialAnalyticsEnabled) {
    const empty = await wishlistReport(deps, -1, input.days, false);
    return { ...empty, financialEnabled: false };
  }
  return wishlistReport(deps, appId, input.days, true);
}
