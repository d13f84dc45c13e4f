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
export function storeSalesInfo(tx: Tx, info: SalesInfo): void {
  for (const [appId, name] of info.apps) {
    tx.insert(steamSalesApps)
      .values({ appId, name })
      .onConflictDoUpdate({ target: steamSalesApps.appId, set: { name } })
      .run();
  }
  for (const [packageId, name] of info.packages) {
    tx.insert(steamSalesPackages)
      .values({ packageId, name })
      .onConflictDoUpdate({ target: steamSalesPackages.packageId, set: { name } })
      .run();
  }
  for (const [bundleId, name] of info.bundles) {
    tx.insert(steamSalesBundles)
      .values({ bundleId, name })
      .onConflictDoUpdate({ target: steamSalesBundles.bundleId, set: { name } })
      .run();
  }
  for (const [countryCode, c] of info.countries) {
    tx.insert(steamSalesCountries)
      .values({ countryCode, name: c.name, region: c.region })
      .onConflictDoUpdate({
        target: steamSalesCountries.countryCode,
        set: { name: c.name, region: c.region },
      })
      .run();
  }
  for (const [combinedDiscountId, d] of info.discounts) {
    const set = {
      name: d.name,
      totalDiscountPercentage: d.percent,
      discountIds: JSON.stringify(d.discountIds),
    };
    tx.insert(steamSalesDiscounts)
      .values({ combinedDiscountId, ...set })
      .onConflictDoUpdate({ target: steamSalesDiscounts.combinedDiscountId, set })
      .run();
  }
}

/** Every stored name, for labelling breakdowns. */
export function salesNames(deps: AppDeps) {
  const db = deps.db;
  return {
    packages: new Map(
      db
        .select()
        .from(steamSalesPackages)
        .all()
        .map((r) => [r.packageId, r.name]),
    ),
    bundles: new Map(
      db
        .select()
        .from(steamSalesBundles)
        .all()
        .map((r) => [r.bundleId, r.name]),
    ),
    countries: new Map(
      db
        .select()
        .from(steamSalesCountries)
        .all()
        .map((r) => [r.countryCode, r]),
    ),
    discounts: new Map(
      db
        .select()
        .from(steamSalesDiscounts)
        .all()
        .map((r) => [r.combinedDiscountId, r]),
    ),
  };
}
export type SalesNames = ReturnType<typeof salesNames>;
