// The weekly digest: its lines in the webhook message and the settings card's words.

const n = (v: number) => v.toLocaleString("en-US", { maximumFractionDigits: 1 });
const money = (cents: number) =>
  (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const hours = (seconds: number) => `${n(Math.round(seconds / 360) / 10)} h`;

/** "+12% on the week before", or plain words when there is nothing to compare with. */
export function change(now: number, before: number | null): string {
  if (before === null) return "nothing to compare with the week before";
  if (before === 0) return now === 0 ? "the same as the week before" : "up from none the week before";
  const pct = Math.round(((now - before) / before) * 100);
  if (pct === 0) return "about the same as the week before";
  return `${pct > 0 ? "+" : ""}${pct}% on the week before`;
}

export const DIGEST = {
  heading: (project: string, from: string, to: string) => `Weekly digest for ${project}: ${from} to ${to}`,
  players: (peak: number, average: number, previousPeak: number | null) =>
    `Players: peak ${n(peak)} at once, ${n(average)} on average (peak ${change(peak, previousPeak)}).`,
  noPlayers: "Players: no player counts this week.",
  wishlists: (adds: number, previousAdds: number | null, conversion: number | null) =>
    `Wishlists: ${n(adds)} added (${change(adds, previousAdds)})${
      conversion === null ? "" : `, ${n(Math.round(conversion * 1000) / 10)}% of adds turned into purchases`
    }.`,
  noWishlists: "Wishlists: no wishlist figures this week.",
  reviews: (added: number, previousAdded: number | null, positive: number) =>
    `Reviews: ${n(added)} new (${change(added, previousAdded)}), ${n(positive)}% positive overall.`,
  noReviews: "Reviews: no reviews yet.",
  sales: (cents: number, previousCents: number | null) =>
    `Net sales: ${money(cents)} (${change(cents, previousCents)}).`,
  noSales: "Net sales: no sales figures this week.",
  broadcastsTitle: "Broadcasts:",
  broadcast: (name: string, uptime: number | null, storePageSeconds: number) =>
    uptime === null
      ? `${name}: not meant to be live this week.`
      : `${name}: live ${n(uptime)}% of the time it was meant to be, ${hours(storePageSeconds)} on the store page.`,
  noBroadcasts: "Broadcasts: no destinations.",
  watchListTitle: "Watch list movers:",
  mover: (name: string, players: number, previousPlayers: number, reviews: number | null, discount: number) =>
    `${name}: ${n(players)} players on average (${change(players, previousPlayers)})${
      reviews === null ? "" : `, ${n(reviews)} new reviews`
    }${discount > 0 ? `, ${discount}% off in the store` : ""}.`,
  sentNow: "The digest was sent to the project's webhooks.",
  noWebhooks: "This project has no webhooks yet. Add one to receive the digest.",
  timeZoneInvalid: "Choose a time zone such as Europe/Berlin or America/New_York.",
  forbidden: "Only managers and administrators can change or send the weekly digest.",
} as const;
