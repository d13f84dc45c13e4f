import type { AppDeps } from "@server/deps";
import { foldSample } from "@server/features/analytics/players/player-history";
import { projects, steamAppCache, steamPlayerSamples, steamSales } from "@server/platform/db/schema";
import { eq } from "drizzle-orm";

// Stored analytics rows for the export and timeline tests, written straight to SQLite.

export type SaleInsert = typeof steamSales.$inferInsert;

export function saleRow(appId: number, date: string, over: Partial<SaleInsert> = {}): SaleInsert {
  return {
    date,
    primaryAppId: appId,
    appId,
    packageId: 100,
    lineItemType: "Package",
    platform: "Windows",
    countryCode: "US",
    currency: "USD",
    grossUnitsSold: 2,
    grossUnitsReturned: 0,
    grossUnitsActivated: 0,
    netUnitsSold: 2,
    grossSalesCents: 3998,
    grossReturnsCents: 0,
    netTaxCents: 0,
    netSalesCents: 3998,
    ...over,
  };
}

export async function insertSales(deps: AppDeps, rows: SaleInsert[]) {
  await deps.db.transaction(async (tx) => {
    for (const r of rows) await tx.insert(steamSales).values(r);
  });
}

/** Player samples as the sampler stores them: the raw row and its day's running peak. */
export async function insertSamples(deps: AppDeps, appId: number, samples: [iso: string, players: number][]) {
  for (const [at, n] of samples) {
    await deps.db.insert(steamPlayerSamples).values({ appId, sampledAt: Date.parse(at), playerCount: n });
    await foldSample(deps, appId, n, Date.parse(at));
  }
}

export async function nameApp(deps: AppDeps, appId: number, name: string) {
  await deps.db
    .insert(steamAppCache)
    .values({ appId, name })
    .onConflictDoUpdate({ target: steamAppCache.appId, set: { name } });
}

export async function enableAnalytics(
  deps: AppDeps,
  projectId: number,
  appId: number | null,
  financial = true,
) {
  await deps.db
    .update(projects)
    .set({ steamAppId: appId, steamAnalyticsEnabled: true, financialAnalyticsEnabled: financial })
    .where(eq(projects.id, projectId));
}
