import { PARTNER_APPS } from "./catalog";
import { noise } from "./data";

// GetAppWishlistReporting in Steam's shape: `response.wishlist_summary` with adds per platform,
// `country_summary` and `language_summary` entries carrying `summary_actions`, and `app_min_date`.
// A date before app_min_date, or today (GMT, not closed yet), answers without a summary.

const DAY_MS = 86_400_000;

export interface FakeWishlistCounts {
  adds: number;
  deletes: number;
  purchases: number;
  gifts: number;
}

export interface FakeWishlistDay extends FakeWishlistCounts {
  windows?: number;
  mac?: number;
  linux?: number;
  countries?: Record<string, FakeWishlistCounts>;
}

/** An app's wishlists: its first date and, when given, exact days (other dates then have zeros). */
export interface FakeWishlistApp {
  appMinDate: string | null;
  days?: Record<string, FakeWishlistDay>;
}

const COUNTRIES: [string, string, string, number][] = [
  ["US", "United States", "North America", 0.34],
  ["DE", "Germany", "Western Europe", 0.16],
  ["BR", "Brazil", "Latin America", 0.12],
  ["JP", "Japan", "Asia", 0.1],
  ["GB", "United Kingdom", "Western Europe", 0.09],
  ["FR", "France", "Western Europe", 0.08],
  ["PL", "Poland", "Eastern Europe", 0.06],
  ["CN", "China", "Asia", 0.05],
];
const NAMES = new Map(COUNTRIES.map(([code, name, region]) => [code, { name, region }]));
const dayIndex = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const split = (total: number, share: number) => Math.round(total * share);

/** A generated day: steady adds growing towards today, a few deletes, purchases rising on weekends. */
export function generatedWishlistDay(appId: number, date: string): FakeWishlistDay {
  const d = dayIndex(date);
  const weekend = [0, 6].includes(new Date(d * DAY_MS).getUTCDay()) ? 1.3 : 1;
  const adds = Math.round((40 + (appId % 7) * 6) * weekend * (0.7 + 0.6 * noise(appId, d, 1)));
  const deletes = Math.round(adds * (0.12 + 0.12 * noise(appId, d, 2)));
  const purchases = Math.round(adds * (0.05 + 0.1 * noise(appId, d, 3)) * weekend);
  const gifts = Math.round(purchases * 0.1 * noise(appId, d, 4));
  const countries = Object.fromEntries(
    COUNTRIES.map(([code, , , share]) => [
      code,
      {
        adds: split(adds, share),
        deletes: split(deletes, share),
        purchases: split(purchases, share),
        gifts: split(gifts, share),
      },
    ]),
  );
  const mac = split(adds, 0.08);
  const linux = split(adds, 0.04);
  return { adds, deletes, purchases, gifts, windows: adds - mac - linux, mac, linux, countries };
}

/** The default world: each partner app has `days` days of wishlists ending yesterday (GMT). */
export function defaultWishlistApps(now: number, days: number): Record<number, FakeWishlistApp> {
  const first = new Date((Math.floor(now / DAY_MS) - days) * DAY_MS).toISOString().slice(0, 10);
  return Object.fromEntries(PARTNER_APPS.map((appId) => [appId, { appMinDate: first }]));
}

const actions = (c: FakeWishlistCounts) => ({
  wishlist_adds: c.adds,
  wishlist_deletes: c.deletes,
  wishlist_purchases: c.purchases,
  wishlist_gifts: c.gifts,
});

function dayFor(app: FakeWishlistApp, appId: number, date: string): FakeWishlistDay {
  if (!app.days) return generatedWishlistDay(appId, date);
  return app.days[date] ?? { adds: 0, deletes: 0, purchases: 0, gifts: 0 };
}

/** The `response` object for one app and date. */
export function wishlistResponse(
  apps: Record<number, FakeWishlistApp>,
  appId: number,
  date: string,
  now: number,
) {
  const app = apps[appId];
  const today = new Date(now).toISOString().slice(0, 10);
  const base = { appid: appId, date };
  if (!app?.appMinDate) return base;
  if (date < app.appMinDate || date >= today) return { ...base, app_min_date: app.appMinDate };
  const day = dayFor(app, appId, date);
  const countries = Object.entries(day.countries ?? {});
  return {
    ...base,
    wishlist_summary: {
      ...actions(day),
      wishlist_adds_windows: day.windows ?? day.adds,
      wishlist_adds_mac: day.mac ?? 0,
      wishlist_adds_linux: day.linux ?? 0,
    },
    country_summary: countries.map(([code, c]) => ({
      country_code: code,
      country_name: NAMES.get(code)?.name ?? code,
      region: NAMES.get(code)?.region ?? "",
      summary_actions: actions(c),
    })),
    language_summary: [
      { language: 0, language_name: "english", summary_actions: { wishlist_adds: day.adds } },
    ],
    app_min_date: app.appMinDate,
  };
}
