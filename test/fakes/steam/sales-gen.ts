import { gameById, PARTNER_APPS } from "./catalog";
import { COUNTRIES, noise, PLATFORMS, type RawSalesRow, salesRow, toTenThousandths, usd } from "./data";

// The generated sales calendar of the fake partner account: everyday sales in six countries, a
// soundtrack package, a bundle, a week-long discount every 30 days (three distinct combined
// discounts in turn) and now and then a day of heavy refunds, so every analytics card has data.

/** The store's combined discounts, as combined_discount_info lists them. */
export const DISCOUNTS = [
  { id: 7_100_101, name: "Autumn Sale", percent: 40, discountIds: [5_120_001, 5_120_002] },
  { id: 7_100_102, name: "Publisher Weekend", percent: 25, discountIds: [5_120_003] },
  { id: 7_100_103, name: "Midweek Madness", percent: 50, discountIds: [5_120_004] },
] as const;
export const BUNDLE = { id: 31_420, name: "Starfall Outpost Complete Bundle", price: "22.4900" };
/** Days 9–15 of every 30-day block of the calendar are on sale. */
export const SALE_BLOCK = { every: 30, first: 9, last: 15 };
/** Every 41st day (offset 20) refunds spike. */
export const isRefundSpikeDay = (dayIndex: number) => dayIndex % 41 === 20;

export function discountOn(dayIndex: number): (typeof DISCOUNTS)[number] | null {
  const inBlock = dayIndex % SALE_BLOCK.every;
  if (inBlock < SALE_BLOCK.first || inBlock > SALE_BLOCK.last) return null;
  return DISCOUNTS[Math.floor(dayIndex / SALE_BLOCK.every) % DISCOUNTS.length]!;
}

const discounted = (price: string, percent: number) =>
  usd(Math.round((toTenThousandths(price) * (100 - percent)) / 100 / 100) * 100);

function gameRows(appId: number, date: string, dayIndex: number, dayFraction: number, seq: () => number) {
  const game = gameById(appId)!;
  const sale = discountOn(dayIndex);
  const discount = sale ? { id: sale.id, percent: sale.percent } : undefined;
  const price = sale ? discounted(game.price, sale.percent) : game.price;
  const dayNoise = noise(appId, dayIndex);
  const weekend = [0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay()) ? 1.35 : 1;
  const boost = sale ? 1 + sale.percent / 16 : 1;
  const rows: RawSalesRow[] = [];
  for (const [ci, [country, , tax]] of COUNTRIES.entries()) {
    const base = (game.basePlayers / 40) * (1 - ci * 0.13) * weekend * boost * (0.6 + dayNoise * 0.8);
    const units = Math.max(0, Math.round(base * dayFraction * (0.7 + noise(appId, dayIndex, ci) * 0.6)));
    if (units === 0) continue;
    const spike = isRefundSpikeDay(dayIndex) && ci === 0;
    const returned = spike
      ? Math.max(6, Math.round(units * 0.35))
      : noise(appId, dayIndex, ci, 7) < 0.3
        ? Math.max(1, Math.round(units * 0.04))
        : 0;
    const platform = PLATFORMS[(ci + dayIndex) % PLATFORMS.length];
    const common = { date, appId, country, taxPercent: tax, platform, discount };
    rows.push(salesRow({ ...common, id: seq(), packageId: game.packageId, units, returned, price }));
    const ost = Math.round(units / 9);
    if (ost > 0 && ci < 3) {
      rows.push(
        salesRow({
          ...common,
          id: seq(),
          packageId: game.packageId + 1,
          units: ost,
          returned: 0,
          price: "4.9900",
        }),
      );
    }
  }
  if (appId === PARTNER_APPS[0]) {
    const units = Math.round((2 + noise(appId, dayIndex, 99) * 5) * dayFraction);
    if (units > 0) {
      const bundle = { id: seq(), packageId: game.packageId, bundleId: BUNDLE.id, price: BUNDLE.price };
      rows.push(salesRow({ ...bundle, date, appId, units, returned: 0, country: "US" }));
    }
  }
  return rows;
}

/**
 * Generated sales of every partner app for one date (YYYY-MM-DD); ids are unique per date.
 * `dayFraction` < 1 is today so far: Steam's figures for the current day grow as it goes.
 */
export function generatedSales(date: string, dayIndex: number, dayFraction = 1): RawSalesRow[] {
  let n = 0;
  const seq = () => dayIndex * 1000 + ++n;
  return PARTNER_APPS.flatMap((appId) => gameRows(appId, date, dayIndex, dayFraction, seq));
}

const COUNTRY_NAMES: Record<string, string> = {
  US: "United States",
  DE: "Germany",
  GB: "United Kingdom",
  BR: "Brazil",
  JP: "Japan",
  FR: "France",
};
export const countryInfo = () =>
  COUNTRIES.map(([code, region]) => ({
    country_code: code,
    country_name: COUNTRY_NAMES[code] ?? code,
    region,
  }));
export const bundleInfo = () => [{ bundleid: BUNDLE.id, bundle_name: BUNDLE.name }];
export const combinedDiscountInfo = () =>
  DISCOUNTS.map((d) => ({
    combined_discount_id: d.id,
    combined_discount_name: d.name,
    total_discount_percentage: d.percent,
    discount_ids: [...d.discountIds],
  }));
