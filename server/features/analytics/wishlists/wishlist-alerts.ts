import type { AppDeps } from "@server/deps";
import { addDays, utcDate } from "@server/features/analytics/steam/dates";
import { steamWishlistDays, wishlistSpikeAlerts } from "@server/platform/db/schema";
import { WISHLISTS } from "@shared/messages/wishlists";
import { and, asc, eq, gte, lte } from "drizzle-orm";

// The wishlist-deletes spike: a day whose deletes are over twice the median of the 28 days before
// it, and at least SPIKE_MIN_DELETES. Only the newest days are news: a first backfill of three
// years must not flood a webhook with old spikes. Each (project, date) is announced once, and the
// record of it is written before the event goes out, so neither a re-sync nor a restart re-sends.

export const SPIKE_MIN_DELETES = 10;
export const SPIKE_BASELINE_DAYS = 28;
/** Days, counted back from today (GMT), whose spikes are announced. */
export const SPIKE_RECENT_DAYS = 3;

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A day is a spike when it clears the floor and twice its baseline's median (an empty baseline never is). */
export function isDeletesSpike(deletes: number, baseline: number[]): boolean {
  if (deletes < SPIKE_MIN_DELETES || baseline.length === 0) return false;
  return deletes > 2 * median(baseline);
}

export async function checkWishlistSpikes(deps: AppDeps, projectId: number, appId: number): Promise<void> {
  const today = utcDate(deps.now());
  const first = addDays(today, -SPIKE_RECENT_DAYS);
  const rows = await deps.db
    .select({ date: steamWishlistDays.date, deletes: steamWishlistDays.deletes })
    .from(steamWishlistDays)
    .where(
      and(
        eq(steamWishlistDays.appId, appId),
        gte(steamWishlistDays.date, addDays(first, -SPIKE_BASELINE_DAYS)),
        lte(steamWishlistDays.date, today),
      ),
    )
    .orderBy(asc(steamWishlistDays.date));
  const byDate = new Map(rows.map((r) => [r.date, r.deletes]));
  for (const row of rows) {
    if (row.date < first) continue;
    const baseline: number[] = [];
    for (let i = 1; i <= SPIKE_BASELINE_DAYS; i++) {
      const d = byDate.get(addDays(row.date, -i));
      if (d !== undefined) baseline.push(d);
    }
    if (isDeletesSpike(row.deletes, baseline))
      await announce(deps, projectId, row.date, row.deletes, median(baseline));
  }
}

async function announce(
  deps: AppDeps,
  projectId: number,
  date: string,
  deletes: number,
  usual: number,
): Promise<void> {
  const inserted = await deps.db
    .insert(wishlistSpikeAlerts)
    .values({ projectId, date, deletes, sentAt: deps.now() })
    .onConflictDoNothing()
    .returning({ date: wishlistSpikeAlerts.date });
  if (inserted.length === 0) return;
  deps.events.emit({
    type: "analytics.wishlist_deletes_spike",
    projectId,
    at: deps.now(),
    message: WISHLISTS.spike(date, deletes, Math.round(usual)),
  });
}
