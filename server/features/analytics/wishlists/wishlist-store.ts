import type { AppDeps } from "@server/deps";
import type { WishlistReport } from "@server/features/analytics/steam/wishlists";
import { steamWishlistApps, steamWishlistCountries, steamWishlistDays } from "@server/platform/db/schema";
import { and, eq, gte } from "drizzle-orm";

// Writing what GetAppWishlistReporting answered. A date is replaced whole (day row and its
// countries) in one transaction, so fetching it again never counts anything twice.

export async function saveWishlistDay(deps: AppDeps, appId: number, report: WishlistReport): Promise<void> {
  const s = report.summary;
  const day = {
    adds: s?.adds ?? 0,
    deletes: s?.deletes ?? 0,
    purchases: s?.purchases ?? 0,
    gifts: s?.gifts ?? 0,
    addsWindows: s?.addsWindows ?? null,
    addsMac: s?.addsMac ?? null,
    addsLinux: s?.addsLinux ?? null,
    fetchedAt: deps.now(),
  };
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(steamWishlistDays)
      .values({ appId, date: report.date, ...day })
      .onConflictDoUpdate({ target: [steamWishlistDays.appId, steamWishlistDays.date], set: day });
    await tx
      .delete(steamWishlistCountries)
      .where(and(eq(steamWishlistCountries.appId, appId), eq(steamWishlistCountries.date, report.date)));
    // Steam lists a country once per date; merging keeps a repeated code from breaking the key.
    const merged = new Map<string, { adds: number; deletes: number; purchases: number; gifts: number }>();
    for (const c of report.countries) {
      const m = merged.get(c.countryCode) ?? { adds: 0, deletes: 0, purchases: 0, gifts: 0 };
      m.adds += c.adds ?? 0;
      m.deletes += c.deletes ?? 0;
      m.purchases += c.purchases ?? 0;
      m.gifts += c.gifts ?? 0;
      merged.set(c.countryCode, m);
    }
    const rows = [...merged].map(([countryCode, m]) => ({ appId, date: report.date, countryCode, ...m }));
    if (rows.length) await tx.insert(steamWishlistCountries).values(rows);
  });
}

export async function rememberAppMinDate(
  deps: AppDeps,
  appId: number,
  appMinDate: string | null,
): Promise<void> {
  const value = appMinDate ?? (await knownAppMinDate(deps, appId));
  await deps.db
    .insert(steamWishlistApps)
    .values({ appId, appMinDate: value, checkedAt: deps.now() })
    .onConflictDoUpdate({
      target: steamWishlistApps.appId,
      set: { appMinDate: value, checkedAt: deps.now() },
    });
}

export async function knownAppMinDate(deps: AppDeps, appId: number): Promise<string | null> {
  const [row] = await deps.db
    .select({ d: steamWishlistApps.appMinDate })
    .from(steamWishlistApps)
    .where(eq(steamWishlistApps.appId, appId));
  return row?.d ?? null;
}

/** Dates already stored for the app from `from` on. */
export async function storedWishlistDates(deps: AppDeps, appId: number, from: string): Promise<Set<string>> {
  const rows = await deps.db
    .select({ date: steamWishlistDays.date })
    .from(steamWishlistDays)
    .where(and(eq(steamWishlistDays.appId, appId), gte(steamWishlistDays.date, from)));
  return new Set(rows.map((r) => r.date));
}
