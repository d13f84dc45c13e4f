import { DIGEST } from "@shared/messages/analytics-digest";
import type { DigestFigures } from "./digest-figures";

/** The digest as plain lines: one message, the same words in every webhook format. */
export function digestMessage(projectName: string, f: DigestFigures): string {
  const lines = [DIGEST.heading(projectName, f.from, f.to), ""];
  lines.push(
    f.players ? DIGEST.players(f.players.peak, f.players.average, f.players.previousPeak) : DIGEST.noPlayers,
  );
  lines.push(
    f.wishlists
      ? DIGEST.wishlists(f.wishlists.adds, f.wishlists.previousAdds, f.wishlists.conversion)
      : DIGEST.noWishlists,
  );
  lines.push(
    f.reviews
      ? DIGEST.reviews(f.reviews.added, f.reviews.previousAdded, f.reviews.positivePercent)
      : DIGEST.noReviews,
  );
  lines.push(f.sales ? DIGEST.sales(f.sales.netCents, f.sales.previousNetCents) : DIGEST.noSales);
  if (f.broadcasts.length === 0) lines.push(DIGEST.noBroadcasts);
  else {
    lines.push("", DIGEST.broadcastsTitle);
    for (const b of f.broadcasts)
      lines.push(`• ${DIGEST.broadcast(b.name, b.uptimePercent, b.storePageSeconds)}`);
  }
  // The watch list's section appears only when there is a watch list to tell about.
  if (f.watchListMovers.length)
    lines.push("", DIGEST.watchListTitle, ...f.watchListMovers.map((m) => `• ${m}`));
  return lines.join("\n");
}
