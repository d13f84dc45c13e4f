import type { ExportKind } from "../../../shared/schemas/analytics-export";
import type { AppDeps } from "../../deps";
import {
  type ReviewExportRow,
  type RowSource,
  reviewExportRows,
  type WishlistExportRow,
  wishlistExportRows,
} from "../analytics-seams";
import type { ExportColumn } from "./format";
import { PLAYER_COLUMNS, playerExportRows } from "./player-rows";
import { SALES_COLUMNS, salesExportRows } from "./sales-rows";

// Each export kind is one entry: its columns and where its rows come from. A kind whose rows are
// not stored yet has `rows: null` and is refused with a plain message.

/** Steam app, and the dates both included (YYYY-MM-DD). */
export interface ExportRange {
  appId: number;
  from: string;
  to: string;
}

export interface ExportKindDef<R> {
  columns: ExportColumn<R>[];
  rows: ((deps: AppDeps, range: ExportRange) => AsyncIterable<R>) | null;
  /** The sales figures need financial analytics on, like the overview's sales section. */
  needsFinancial?: true;
}

const WISHLIST_COLUMNS: ExportColumn<WishlistExportRow>[] = [
  { name: "date", value: (r) => r.date },
  { name: "adds", value: (r) => r.adds },
  { name: "deletes", value: (r) => r.deletes },
  { name: "purchases", value: (r) => r.purchases },
  { name: "gifts", value: (r) => r.gifts },
];

const REVIEW_COLUMNS: ExportColumn<ReviewExportRow>[] = [
  { name: "date", value: (r) => r.date },
  { name: "score_description", text: true, value: (r) => r.scoreDescription },
  { name: "total_positive", value: (r) => r.totalPositive },
  { name: "total_negative", value: (r) => r.totalNegative },
  { name: "total_reviews", value: (r) => r.totalReviews },
  { name: "percent_positive", value: (r) => r.percentPositive },
];

const kind = <R>(def: ExportKindDef<R>) => def as ExportKindDef<unknown>;
const source = <R>(rows: RowSource<R> | null) => rows;

export const EXPORT_KIND_DEFS: Record<ExportKind, ExportKindDef<unknown>> = {
  sales: kind({ columns: SALES_COLUMNS, rows: salesExportRows, needsFinancial: true }),
  players: kind({ columns: PLAYER_COLUMNS, rows: playerExportRows }),
  wishlists: kind({ columns: WISHLIST_COLUMNS, rows: source(wishlistExportRows), needsFinancial: true }),
  reviews: kind({ columns: REVIEW_COLUMNS, rows: source(reviewExportRows) }),
};
