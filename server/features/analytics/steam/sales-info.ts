import { toInt } from "./money";

// The companion lists of a GetDetailedSales page (app_info, package_info, bundle_info, country_info,
// combined_discount_info), read tolerantly: an entry without its id or name is skipped, not fatal.

export interface SalesInfo {
  apps: Map<number, string>;
  packages: Map<number, string>;
  bundles: Map<number, string>;
  countries: Map<string, { name: string; region: string | null }>;
  discounts: Map<number, { name: string; percent: number | null; discountIds: number[] }>;
}

export const emptySalesInfo = (): SalesInfo => ({
  apps: new Map(),
  packages: new Map(),
  bundles: new Map(),
  countries: new Map(),
  discounts: new Map(),
});

const entries = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((e): e is Record<string, unknown> => !!e && typeof e === "object") : [];
const name = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v : null);

function byId(list: unknown, idField: string, nameField: string, into: Map<number, string>): void {
  for (const e of entries(list)) {
    const id = toInt(e[idField]);
    const n = name(e[nameField]);
    if (id > 0 && n) into.set(id, n);
  }
}

/** Percent as Steam sends it (a number, sometimes a string); null when absent or not a number. */
export function discountPercent(v: unknown): number | null {
  const n = typeof v === "string" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
}

/** Adds one page's lists to `info`. */
export function readSalesInfo(response: Record<string, unknown>, info: SalesInfo): void {
  byId(response.app_info, "appid", "app_name", info.apps);
  byId(response.package_info, "packageid", "package_name", info.packages);
  byId(response.bundle_info, "bundleid", "bundle_name", info.bundles);
  for (const e of entries(response.country_info)) {
    const code = name(e.country_code);
    if (code) info.countries.set(code, { name: name(e.country_name) ?? code, region: name(e.region) });
  }
  for (const e of entries(response.combined_discount_info)) {
    const id = toInt(e.combined_discount_id);
    if (id <= 0) continue;
    const ids = Array.isArray(e.discount_ids) ? e.discount_ids.map(toInt).filter((n) => n > 0) : [];
    info.discounts.set(id, {
      name: name(e.combined_discount_name) ?? `Discount ${id}`,
      percent: discountPercent(e.total_discount_percentage),
      discountIds: ids,
    });
  }
}
