import { GAMES, gameById, PARTNER_ID } from "./catalog";

// Deterministic generators for the fake Steam: the same inputs always give the same answers, so a
// test can compute its expectations and the demo looks the same on every machine.

const DAY_MS = 86_400_000;

/** mulberry32 over a few integers: a stable pseudo-random number in [0, 1). */
export function noise(...parts: number[]): number {
  let a = 0x9e3779b9;
  for (const p of parts) a = Math.imul(a ^ (p | 0), 0x85ebca6b) + 0x632be59 + ((p / 4294967296) | 0);
  a = (a + 0x6d2b79f5) | 0;
  let t = Math.imul(a ^ (a >>> 15), 1 | a);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** Concurrent players at an instant: a daily curve peaking around 20:00 UTC, slow growth, noise. */
export function playersAt(appId: number, ms: number): number {
  const game = gameById(appId);
  if (!game) return 0;
  const hours = (ms / 3_600_000) % 24;
  const daily = 0.62 + 0.38 * Math.cos(((hours - 20) / 24) * 2 * Math.PI);
  const day = Math.floor(ms / DAY_MS);
  const growth = 1 + 0.004 * (day % 365);
  const jitter = 0.92 + 0.16 * noise(appId, Math.floor(ms / 60_000));
  return Math.max(0, Math.round(game.basePlayers * daily * jitter * (growth / 1.5)));
}

export interface RawNewsItem {
  gid: string;
  title: string;
  url: string;
  is_external_url: boolean;
  author: string;
  contents: string;
  feedlabel: string;
  date: number;
  feedname: string;
  feed_type: number;
  appid: number;
}

const NEWS_TITLES = [
  "Patch notes",
  "Winter roadmap",
  "Community spotlight",
  "Hotfix",
  "Dev diary",
  "Steam Next Fest demo update",
  "Balance changes",
  "Thank you for 10,000 reviews",
  "Soundtrack now available",
  "Weekend sale",
  "Modding tools beta",
  "Console ports announced",
];

/** News for an app, newest first, one item every few days before `now`. */
export function newsFor(appId: number, now: number, count: number): RawNewsItem[] {
  const game = gameById(appId);
  if (!game) return [];
  return Array.from({ length: Math.min(count, 12) }, (_, i) => {
    const date = Math.floor((now - (i * 4 + 1) * DAY_MS - noise(appId, i) * 8 * 3_600_000) / 1000);
    const title = `${game.name}: ${NEWS_TITLES[i % NEWS_TITLES.length]}`;
    return {
      gid: String(5_100_000_000_000_000_000n + BigInt(appId) * 1000n + BigInt(i)),
      title,
      url: `https://steamstore-a.akamaihd.net/news/externalpost/steam_community_announcements/${appId}${i}`,
      is_external_url: true,
      author: i % 3 === 0 ? "Lead Developer" : "Community Team",
      contents: `[p]${title}.[/p][list][*]Fixed a crash when loading saves[*]Improved performance on the Steam Deck[/list] {STEAM_CLAN_IMAGE}/44/abc.png Thanks for playing!`,
      feedlabel: "Community Announcements",
      date,
      feedname: "steam_community_announcements",
      feed_type: 1,
      appid: appId,
    };
  });
}

/** A GetDetailedSales result as Steam sends it: money as 4-decimal USD strings, returns negative. */
export interface RawSalesRow {
  id: number;
  partnerid: number;
  date: string;
  line_item_type: string;
  packageid: number;
  bundleid: number;
  appid: number;
  game_item_id: number;
  package_sale_type: string;
  key_request_id: number;
  platform: string;
  country_code: string;
  base_price: string;
  sale_price: string;
  currency: string;
  gross_units_sold: number;
  gross_units_returned: number;
  gross_sales_usd: string;
  gross_returns_usd: string;
  net_tax_usd: string;
  gross_units_activated: number;
  view_grant_partnerid: number;
  net_units_sold: number;
  net_sales_usd: string;
  avg_sale_price_usd: string;
  primary_appid: number;
  /** 0 on a full-price line. */
  combined_discount_id: number;
  total_discount_percentage: number;
}

/** "19.9900" ⇄ 199900 ten-thousandths of a dollar: exact integer arithmetic for the fixtures. */
export const toTenThousandths = (usd: string) => Math.round(Number(usd) * 10_000);
export const usd = (tenThousandths: number) => {
  const sign = tenThousandths < 0 ? "-" : "";
  const abs = Math.abs(tenThousandths);
  return `${sign}${Math.floor(abs / 10_000)}.${String(abs % 10_000).padStart(4, "0")}`;
};

export const COUNTRIES: [string, string, number][] = [
  ["US", "North America", 0],
  ["DE", "Western Europe", 19],
  ["GB", "Western Europe", 20],
  ["BR", "Latin America", 0],
  ["JP", "Asia", 10],
  ["FR", "Western Europe", 20],
];
export const PLATFORMS = ["Windows", "Windows", "Windows", "Linux", "Mac"];

/** One Steam-shaped row; `units` sold and `returned` (positive count) at `price` (USD string). */
export function salesRow(opts: {
  id: number;
  date: string;
  appId: number;
  packageId: number;
  units: number;
  returned: number;
  price: string;
  country?: string;
  taxPercent?: number;
  platform?: string;
  bundleId?: number;
  discount?: { id: number; percent: number };
}): RawSalesRow {
  const price = toTenThousandths(opts.price);
  const gross = price * opts.units;
  const returns = -price * opts.returned;
  const tax = Math.round(((gross + returns) * (opts.taxPercent ?? 0)) / 100);
  const net = gross + returns - tax;
  return {
    id: opts.id,
    partnerid: PARTNER_ID,
    date: opts.date.replaceAll("-", "/"),
    line_item_type: "Package",
    packageid: opts.packageId,
    bundleid: opts.bundleId ?? 0,
    appid: opts.appId,
    game_item_id: 0,
    package_sale_type: "Steam",
    key_request_id: 0,
    platform: opts.platform ?? "Windows",
    country_code: opts.country ?? "US",
    base_price: opts.price,
    sale_price: opts.price,
    currency: "USD",
    gross_units_sold: opts.units,
    gross_units_returned: -opts.returned,
    gross_sales_usd: usd(gross),
    gross_returns_usd: usd(returns),
    net_tax_usd: usd(tax),
    gross_units_activated: 0,
    view_grant_partnerid: 0,
    net_units_sold: opts.units - opts.returned,
    net_sales_usd: usd(net),
    avg_sale_price_usd: opts.units > 0 ? usd(Math.round(gross / opts.units)) : "0.0000",
    primary_appid: opts.appId,
    combined_discount_id: opts.discount?.id ?? 0,
    total_discount_percentage: opts.discount?.percent ?? 0,
  };
}

export const appInfo = () => GAMES.map((g) => ({ appid: g.appId, app_name: g.name }));
export const packageInfo = () =>
  GAMES.flatMap((g) => [
    { packageid: g.packageId, package_name: `${g.name} (Standard)` },
    { packageid: g.packageId + 1, package_name: `${g.name} Soundtrack` },
  ]);
