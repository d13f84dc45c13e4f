import type { AppDeps } from "@server/deps";
import type { SalesInfo } from "@server/features/analytics/steam/sales-info";
import {
  steamSalesApps,
  steamSalesBundles,
  steamSalesCountries,
  steamSalesDiscounts,
  steamSalesPackages,
} from "@server/platform/db/schema";

type Tx = Parameters<Parameters<AppDeps["db"]["transaction"]>[0]>[0];

/** Upserts the companion lists of one fetched date, inside the caller's transaction. */
export async function storeSalesInfo(tx: Tx, info: SalesInfo): Promise<void> {
  for (const [appId, name] of info.apps) {
    await tx
      .insert(steamSalesApps)
      .values({ appId, name })
      .onConflictDoUpdate({ target: steamSalesApps.appId, set: { name } });
  }
  for (const [packageId, name] of info.packages) {
    await tx
      .insert(steamSalesPackages)
      .values({ packageId, name })
      .onConflictDoUpdate({ target: steamSalesPackages.packageId, set: { name } });
  }
  for (const [bundleId, name] of info.bundles) {
    await tx
      .insert(steamSalesBundles)
      .values({ bundleId, name })
      .onConflictDoUpdate({ target: steamSalesBundles.bundleId, set: { name } });
  }
  for (const [countryCode, c] of info.countries) {
    await tx
      .insert(steamSalesCountries)
      .values({ countryCode, name: c.name, region: c.region })
      .onConflictDoUpdate({
        target: steamSalesCountries.countryCode,
        set: { name: c.name, region: c.region },
      });
  }
  for (const [combinedDiscountId, d] of info.discounts) {
    const set = {
      name: d.name,
      totalDiscountPercentage: d.percent,
      discountIds: JSON.stringify(d.discountIds),
    };
    await tx
      .insert(steamSalesDiscounts)
      .values({ combinedDiscountId, ...set })
      .onConflictDoUpdate({ target: steamSalesDiscounts.combinedDiscountId, set });
  }
}

/** Every stored name, for labelling breakdowns. */
export async function salesNames(deps: AppDeps) {
  const db = deps.db;
  const [packages, bundles, countries, discounts] = await Promise.all([
    db.select().from(steamSalesPackages),
    db.select().from(steamSalesBundles),
    db.select().from(steamSalesCountries),
    db.select().from(steamSalesDiscounts),
  ]);
  return {
    packages: new Map(packages.map((r) => [r.packageId, r.name])),
    bundles: new Map(bundles.map((r) => [r.bundleId, r.name])),
    countries: new Map(countries.map((r) => [r.countryCode, r])),
    discounts: new Map(discounts.map((r) => [r.combinedDiscountId, r])),
  };
}
export type SalesNames = Awaited<ReturnType<typeof salesNames>>;
