import type { AppDeps } from "@server/deps";
import { addDays, dayRange, pacificDate } from "@server/features/analytics/steam/dates";
import type { RefundDay, RefundsAnswer } from "@shared/schemas/analytics-sales";
import type { SessionUser } from "@shared/types";
import { groupLines } from "./sales-breakdown";
import { salesNames } from "./sales-info-store";
import { refundRate, salesAppId, salesLines } from "./sales-rows";

// Refunds per day and per package. A day is a spike when its refund rate is over twice the median
// rate of the 28 days before it and at least 5 copies were returned that day. The median only
// counts days that sold something, and needs 7 of them: a young game has no "usual" rate yet.

export const SPIKE = { lookbackDays: 28, minBaselineDays: 7, factor: 2, minRefunds: 5 };

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Per-day figures for `dates` (oldest first), the lookback days included; spikes marked. */
export function markSpikes(
  daily: { date: string; grossUnits: number; returnedUnits: number }[],
): RefundDay[] {
  return daily.map((d, i) => {
    const before = daily
      .slice(Math.max(0, i - SPIKE.lookbackDays), i)
      .filter((b) => b.grossUnits > 0)
      .map((b) => (b.returnedUnits / b.grossUnits) * 100);
    const baseline = before.length >= SPIKE.minBaselineDays ? Math.round(median(before) * 10) / 10 : null;
    const rate = refundRate(d.returnedUnits, d.grossUnits);
    const spike =
      baseline !== null &&
      d.returnedUnits >= SPIKE.minRefunds &&
      d.grossUnits > 0 &&
      (d.returnedUnits / d.grossUnits) * 100 > SPIKE.factor * baseline;
    return { ...d, refundRate: rate, baselineRate: baseline, spike };
  });
}

/** Refund days of an app for the `days` Pacific dates ending `last`. */
export async function refundDays(
  deps: AppDeps,
  appId: number,
  last: string,
  days: number,
): Promise<RefundDay[]> {
  const dates = dayRange(last, days + SPIKE.lookbackDays);
  const perDate = new Map(dates.map((date) => [date, { date, grossUnits: 0, returnedUnits: 0 }]));
  for (const l of await salesLines(deps, appId, dates[0]!, last)) {
    const d = perDate.get(l.date);
    if (!d) continue;
    d.grossUnits += l.grossUnitsSold;
    d.returnedUnits += Math.abs(l.grossUnitsReturned);
  }
  return markSpikes([...perDate.values()]).slice(SPIKE.lookbackDays);
}

export async function refunds(
  deps: AppDeps,
  user: SessionUser,
  input: { projectId: number; days: number },
): Promise<RefundsAnswer> {
  const appId = await salesAppId(deps, user, input.projectId);
  const endDate = pacificDate(deps.now());
  const startDate = addDays(endDate, 1 - input.days);
  const lines = await salesLines(deps, appId, startDate, endDate);
  return {
    startDate,
    endDate,
    days: await refundDays(deps, appId, endDate, input.days),
    packages: groupLines(lines, "package", await salesNames(deps)),
  };
}
