import { gameById } from "./catalog";

// store.steampowered.com/api/appdetails?appids=N in Steam's shape: the answer is keyed by the app id
// as a string, `{"N": {"success": true, "data": {…}}}`, and an app the store does not show answers
// `{"N": {"success": false}}` with HTTP 200. price_overview carries cents (initial, final), a
// discount_percent and formatted strings; free apps have is_free true and no price_overview.
// Shape as documented in the community's Storefront API notes
// (wiki.teamfortress.com/wiki/User:RJackson/StorefrontAPI#appdetails) and as typed by public clients
// (currency, initial, final, discount_percent, initial_formatted, final_formatted; release_date
// { coming_soon, date }; genres [{ id, description }]).

const RELEASES: Record<number, string> = {
  2456740: "Mar 14, 2025",
  1987650: "Oct 2, 2024",
  2210330: "Jun 20, 2025",
  2671090: "Sep 9, 2025",
  1765420: "Jan 30, 2025",
};

const GENRES: Record<number, { id: string; description: string }[]> = {
  2456740: [
    { id: "2", description: "Strategy" },
    { id: "28", description: "Simulation" },
  ],
  1987650: [
    { id: "1", description: "Action" },
    { id: "25", description: "Adventure" },
  ],
  2210330: [{ id: "28", description: "Simulation" }],
  2671090: [{ id: "23", description: "Indie" }],
  1765420: [{ id: "2", description: "Strategy" }],
};

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** One game goes on sale a week in every four, so the price history has something to show. */
export function discountAt(appId: number, ms: number): number {
  const week = Math.floor(ms / (7 * 86_400_000));
  return (week + appId) % 4 === 0 ? 25 : 0;
}

export function appDetailsBody(appId: number, ms: number): Record<string, unknown> {
  const game = gameById(appId);
  if (!game) return { [String(appId)]: { success: false } };
  const initial = Math.round(Number(game.price) * 100);
  const discount = initial > 0 ? discountAt(appId, ms) : 0;
  const final = Math.round((initial * (100 - discount)) / 100);
  const data: Record<string, unknown> = {
    type: "game",
    name: game.name,
    steam_appid: appId,
    required_age: 0,
    is_free: initial === 0,
    short_description: `${game.name}, a made-up game of the fake Steam.`,
    release_date: { coming_soon: false, date: RELEASES[appId] ?? "" },
    genres: GENRES[appId] ?? [],
  };
  if (initial > 0)
    data.price_overview = {
      currency: "USD",
      initial,
      final,
      discount_percent: discount,
      initial_formatted: discount ? usd(initial) : "",
      final_formatted: usd(final),
    };
  return { [String(appId)]: { success: true, data } };
}
