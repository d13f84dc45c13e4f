import type { AppDeps } from "@server/deps";
import { datePages } from "@server/features/analytics/export/date-pages";
import { steamWishlistDays } from "@server/platform/db/schema";
import { and, asc, eq, gt, gte, lte } from "drizzle-orm";
import { openingBalance } from "./wishlists";

// Wishlist days for the export, read in pages so a long range is never held in memory. The balance
// is counted from the first stored date, as on the card, whatever `from` is.

export interface WishlistExportRow {
  date: string;
  adds: number;
  deletes: number;
  purchases: number;
  gifts: number;
  balance: number;
}

/** The app's rows of [from, to] (YYYY-MM-DD, inclusive), oldest first. Access checks belong to the caller. */
export async function* wishlistExportRows(
  deps: AppDeps,
  { appId, from, to }: { appId: number; from: string; to: string },
): AsyncGenerator<WishlistExportRow> {
  const W = steamWishlistDays;
  let balance = await openingBalance(deps, appId, from);
  const rows = datePages((after, limit) =>
    deps.db
      .select()
      .from(W)
      .where(and(eq(W.appId, appId), gte(W.date, from), lte(W.date, to), gt(W.date, after)))
      .orderBy(asc(W.date))
      .limit(limit),
  );
  for await (const r of rows) {
    balance += r.adds - r.deletes - r.purchases - r.gifts;
    yield { date: r.date, adds: r.adds, deletes: r.deletes, purchases: r.purchases, gifts: r.gifts, balance };
  }
}
