import type { AppDeps } from "@server/deps";
import { steamAppCache, steamSales } from "@server/platform/db/schema";
import { and, eq, gt, gte, lte, or, sql } from "drizzle-orm";
import type { ExportColumn, ExportRange } from "./format";

// The sales kind: every stored line item of the app, oldest date first, read a page at a time by
// (date, id) so a year of line items is never in memory at once.

const PAGE = 1000;

export type SalesExportRow = typeof steamSales.$inferSelect & { appName: string | null };

export async function* salesExportRows(deps: AppDeps, range: ExportRange): AsyncGenerator<SalesExportRow> {
  const s = steamSales;
  let after: { date: string; id: number } | null = null;
  for (;;) {
    const found = await deps.db
      .select({ sale: s, appName: steamAppCache.name })
      .from(s)
      .leftJoin(steamAppCache, eq(steamAppCache.appId, sql`coalesce(${s.appId}, ${s.primaryAppId})`))
      .where(
        and(
          eq(s.primaryAppId, range.appId),
          gte(s.date, range.from),
          lte(s.date, range.to),
          after ? or(gt(s.date, after.date), and(eq(s.date, after.date), gt(s.id, after.id))) : undefined,
        ),
      )
      .orderBy(s.date, s.id)
      .limit(PAGE);
    const page: SalesExportRow[] = found.map((r) => ({ ...r.sale, appName: r.appName }));
    for (const row of page) yield row;
    const last = page.at(-1);
    if (!last || page.length < PAGE) return;
    after = { date: last.date, id: last.id };
  }
}

export const SALES_COLUMNS: ExportColumn<SalesExportRow>[] = [
  { name: "date", value: (r) => r.date },
  { name: "primary_app_id", value: (r) => r.primaryAppId },
  { name: "app_id", value: (r) => r.appId },
  { name: "app_name", text: true, value: (r) => r.appName },
  { name: "package_id", value: (r) => r.packageId },
  { name: "bundle_id", value: (r) => r.bundleId },
  { name: "line_item_type", text: true, value: (r) => r.lineItemType },
  { name: "platform", text: true, value: (r) => r.platform },
  { name: "country_code", text: true, value: (r) => r.countryCode },
  { name: "currency", text: true, value: (r) => r.currency },
  { name: "gross_units_sold", value: (r) => r.grossUnitsSold },
  { name: "gross_units_returned", value: (r) => r.grossUnitsReturned },
  { name: "gross_units_activated", value: (r) => r.grossUnitsActivated },
  { name: "net_units_sold", value: (r) => r.netUnitsSold },
  { name: "gross_sales", money: true, value: (r) => r.grossSalesCents },
  { name: "gross_returns", money: true, value: (r) => r.grossReturnsCents },
  { name: "net_tax", money: true, value: (r) => r.netTaxCents },
  { name: "net_sales", money: true, value: (r) => r.netSalesCents },
];
