import type { AppDeps } from "@server/deps";
import { playerExportRows } from "@server/features/analytics/players/player-history";
import { reviewExportRows } from "@server/features/analytics/reviews/reviews";
import {
  type WishlistExportRow,
  wishlistExportRows,
} from "@server/features/analytics/wishlists/wishlist-export";
import type { ExportKind } from "@shared/schemas/analytics-export";
import type { ExportColumn, ExportRange } from "./format";

export type { ExportRange } from "./format";

import { SALES_COLUMNS, salesExportRows } from "./sales-rows";

// Each export kind is one entry: its columns and where its rows come from, read a page at a time.

export interface ExportKindDef<R> {
  columns: ExportColumn<R>[];
  rows: (deps: AppDeps, range: ExportRange) => AsyncIterable<R>;
  /** The sales figures need financial analytics on, like the overview's sales section. */
  needsFinancial?: true;
}

const WISHLIST_COLUMNS: ExportColumn<WishlistExportRow>[] = [
  { name: "date", value: (r) => r.date },
  { name: "adds", value: (r) => r.adds },
  { name: "deletes", value: (r) => r.deletes },
  { name: "purchases", value: (r) => r.purchases },
  { name: "gifts", value: (r) => r.gifts },
  // Outstanding wishlists, counted from the first stored day as on the card.
  { name: "balance", value: (r) => r.balance },
];

type RowOf<F> = F extends (...args: never[]) => AsyncIterable<infer R> ? R : never;
type ReviewExportRow = RowOf<typeof reviewExportRows>;
type PlayerExportRow = RowOf<typeof playerExportRows>;

const PLAYER_COLUMNS: ExportColumn<PlayerExportRow>[] = [
  { name: "date", value: (r) => r.date },
  { name: "peak_players", value: (r) => r.peak },
  { name: "average_players", value: (r) => r.average },
  { name: "samples", value: (r) => r.samples },
];

const REVIEW_COLUMNS: ExportColumn<ReviewExportRow>[] = [
  { name: "date", value: (r) => r.date },
  { name: "score_description", text: true, value: (r) => r.scoreDescription },
  { name: "total_positive", value: (r) => r.positive },
  { name: "total_negative", value: (r) => r.negative },
  { name: "total_reviews", value: (r) => r.total },
  { name: "percent_positive", value: (r) => r.percent },
];

const kind = <R>(def: ExportKindDef<R>) => def as ExportKindDef<unknown>;

export const EXPORT_KIND_DEFS: Record<ExportKind, ExportKindDef<unknown>> = {
  sales: kind({ columns: SALES_COLUMNS, rows: salesExportRows, needsFinancial: true }),
  players: kind({ columns: PLAYER_COLUMNS, rows: playerExportRows }),
  wishlists: kind({ columns: WISHLIST_COLUMNS, rows: wishlistExportRows, needsFinancial: true }),
  reviews: kind({ columns: REVIEW_COLUMNS, rows: reviewExportRows }),
};
