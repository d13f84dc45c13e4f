import type { AppDeps } from "@server/deps";
import { checkWishlistAnomalies } from "@server/features/analytics/anomalies/anomalies";
import { addDays, utcDate } from "@server/features/analytics/steam/dates";
import { analyticsAnomalies, steamWishlistCountries, steamWishlistDays } from "@server/platform/db/schema";
import { and, eq } from "drizzle-orm";

// The fake Steam's wishlists are calm by design; the demo makes yesterday a day a streamer's
// "not for me" video drove deletes up five-fold (overall and in Germany), so the Analytics tab has an
// unusual day to show and the demo webhook one to log. Told once: the anomaly's row stays when the
// daily sync later refreshes yesterday's figures from the fake.

const SPIKE = 5;

export async function ensureDemoAnomaly(deps: AppDeps, projectId: number, appId: number): Promise<number> {
  const yesterday = addDays(utcDate(deps.now()), -1);
  // Once: a restarted demo must not multiply yesterday again.
  const A = analyticsAnomalies;
  const told = await deps.db
    .select({ date: A.date })
    .from(A)
    .where(and(eq(A.projectId, projectId), eq(A.figure, "wishlist_deletes"), eq(A.date, yesterday)));
  if (told.length) return 0;
  const W = steamWishlistDays;
  const [day] = await deps.db
    .select()
    .from(W)
    .where(and(eq(W.appId, appId), eq(W.date, yesterday)));
  if (!day) return 0;
  await deps.db
    .update(W)
    .set({ deletes: Math.max(40, day.deletes * SPIKE) })
    .where(and(eq(W.appId, appId), eq(W.date, yesterday)));
  const C = steamWishlistCountries;
  const where = and(eq(C.appId, appId), eq(C.date, yesterday), eq(C.countryCode, "DE"));
  const [de] = await deps.db.select().from(C).where(where);
  if (de)
    await deps.db
      .update(C)
      .set({ deletes: Math.max(20, de.deletes * SPIKE) })
      .where(where);
  return await checkWishlistAnomalies(deps, projectId, appId);
}
