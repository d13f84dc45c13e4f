import { PARTNER } from "@shared/messages/analytics";
import { STEAM_ERRORS, STEAM_SERVICES } from "@shared/messages/steam";
import { dashDate } from "./dates";
import { SteamError } from "./errors";
import { type HttpOptions, parseJson, type SteamHttpResponse, steamGet } from "./http";
import { toInt, usdToCents } from "./money";
import { discountPercent, emptySalesInfo, readSalesInfo, type SalesInfo } from "./sales-info";

// IPartnerFinancialsService (partner.steam-api.com), which needs a Financial API Group key.

export interface PartnerConfig {
  base: string;
  key?: string;
  http: HttpOptions;
}

/** One GetDetailedSales result, money already in integer cents (Steam's signs kept). */
export interface SalesRow {
  date: string;
  /** Not stored: read by the API test to detect the partner id. */
  partnerId: number | null;
  primaryAppId: number;
  appId: number | null;
  packageId: number | null;
  bundleId: number | null;
  lineItemType: string;
  platform: string | null;
  countryCode: string | null;
  currency: string | null;
  grossUnitsSold: number;
  grossUnitsReturned: number;
  grossUnitsActivated: number;
  netUnitsSold: number;
  grossSalesCents: number;
  grossReturnsCents: number;
  netTaxCents: number;
  netSalesCents: number;
  combinedDiscountId: number | null;
  totalDiscountPercentage: number | null;
}

/** Pages beyond this for one date mean Steam keeps moving max_id: stop rather than loop forever. */
const MAX_PAGES = 500;

const obj = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

export function partnerUrl(cfg: PartnerConfig, method: string, params: Record<string, string>): string {
  if (!cfg.key) throw new SteamError("key_missing", PARTNER.keyMissing);
  const u = new URL(
    `IPartnerFinancialsService/${method}/v001/`,
    cfg.base.endsWith("/") ? cfg.base : `${cfg.base}/`,
  );
  u.searchParams.set("key", cfg.key);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

/** The partner API's failure shapes: HTML 403 (key rejected), 401, 400, and an empty answer. */
export function partnerResponse(res: SteamHttpResponse, service: string): Record<string, unknown> {
  if (res.status === 403 || res.status === 401)
    throw new SteamError("key_rejected", PARTNER.keyRejected(res.status), res.status);
  if (res.status === 400) {
    throw new SteamError("bad_response", STEAM_ERRORS.paramsRejected(service), 400);
  }
  const body = obj(parseJson(res, service));
  const response = obj(body?.response);
  // A valid key without the financial permission answers 200 with nothing in it.
  if (!response || Object.keys(response).length === 0)
    throw new SteamError("no_permission", PARTNER.keyNoPermission, res.status);
  if (res.status !== 200)
    throw new SteamError("bad_response", STEAM_ERRORS.answeredStatus(service, res.status), res.status);
  return response;
}

export async function getChangedDates(
  cfg: PartnerConfig,
  highwatermark: string,
): Promise<{ dates: string[]; highwatermark: string }> {
  const service = STEAM_SERVICES.changedDates;
  const res = await steamGet(
    partnerUrl(cfg, "GetChangedDatesForPartner", { highwatermark }),
    service,
    cfg.http,
  );
  const response = partnerResponse(res, service);
  const dates = Array.isArray(response.dates) ? response.dates.filter((d) => typeof d === "string") : [];
  const mark = response.result_highwatermark;
  return {
    dates: (dates as string[]).map(dashDate),
    highwatermark: typeof mark === "string" || typeof mark === "number" ? String(mark) : highwatermark,
  };
}

function toRow(raw: unknown, date: string): SalesRow | null {
  const r = obj(raw);
  if (!r) return null;
  const primary = toInt(r.primary_appid) || toInt(r.appid);
  if (primary <= 0) return null;
  const optInt = (v: unknown) => (toInt(v) > 0 ? toInt(v) : null);
  const optStr = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);
  return {
    date,
    partnerId: optInt(r.partnerid),
    primaryAppId: primary,
    appId: optInt(r.appid),
    packageId: optInt(r.packageid),
    bundleId: optInt(r.bundleid),
    lineItemType: typeof r.line_item_type === "string" ? r.line_item_type : "",
    platform: optStr(r.platform),
    countryCode: optStr(r.country_code),
    currency: optStr(r.currency),
    grossUnitsSold: toInt(r.gross_units_sold),
    grossUnitsReturned: toInt(r.gross_units_returned),
    grossUnitsActivated: toInt(r.gross_units_activated),
    netUnitsSold: toInt(r.net_units_sold),
    grossSalesCents: usdToCents(r.gross_sales_usd),
    grossReturnsCents: usdToCents(r.gross_returns_usd),
    netTaxCents: usdToCents(r.net_tax_usd),
    netSalesCents: usdToCents(r.net_sales_usd),
    combinedDiscountId: optInt(r.combined_discount_id),
    totalDiscountPercentage: discountPercent(r.total_discount_percentage),
  };
}

/** Every line item of one date (YYYY-MM-DD), paging with highwatermark_id until max_id stops moving. */
export async function getDetailedSales(
  cfg: PartnerConfig,
  date: string,
): Promise<{ rows: SalesRow[]; pages: number; appNames: Map<number, string>; info: SalesInfo }> {
  const service = STEAM_SERVICES.detailedSales;
  const rows: SalesRow[] = [];
  const info = emptySalesInfo();
  const appNames = info.apps;
  let sent = "0";
  for (let page = 1; page <= MAX_PAGES; page++) {
    const res = await steamGet(
      partnerUrl(cfg, "GetDetailedSales", { date, highwatermark_id: sent }),
      service,
      cfg.http,
    );
    const response = partnerResponse(res, service);
    for (const raw of Array.isArray(response.results) ? response.results : []) {
      const row = toRow(raw, date);
      if (row) rows.push(row);
    }
    readSalesInfo(response, info);
    const maxId = response.max_id === undefined ? sent : String(response.max_id);
    if (maxId === sent) return { rows, pages: page, appNames, info };
    sent = maxId;
  }
  throw new SteamError("bad_response", STEAM_ERRORS.tooManyPages(service, MAX_PAGES, date));
}
