import type { AppDeps } from "../deps";
import type { ExportRange } from "./export/kinds";

// Where the export and the timeline read data other analytics parts store (wishlists, reviews, sale
// events). Until those parts are wired in, each answers nothing: the export refuses the kind with a
// plain "not available yet" and the timeline draws no series for it.

/** One day of wishlist figures, as GetAppWishlistReporting reports them (null: Steam sent no value). */
export interface WishlistExportRow {
  date: string;
  adds: number | null;
  deletes: number | null;
  purchases: number | null;
  gifts: number | null;
}

/** One daily review sample (query_summary). */
export interface ReviewExportRow {
  date: string;
  scoreDescription: string | null;
  totalPositive: number;
  totalNegative: number;
  totalReviews: number;
  /** 0–100, one decimal; null when there are no reviews. */
  percentPositive: number | null;
}

export type RowSource<R> = (deps: AppDeps, range: ExportRange) => AsyncIterable<R>;

/** Rows of the wishlists export, oldest day first; null while wishlists are not stored. */
export const wishlistExportRows: RowSource<WishlistExportRow> | null = null;
/** Rows of the reviews export, oldest day first; null while reviews are not stored. */
export const reviewExportRows: RowSource<ReviewExportRow> | null = null;

/** A discount period, marked on the timeline (both dates included, YYYY-MM-DD). */
export interface SaleEventMark {
  start: string;
  end: string;
  /** e.g. "Summer Sale", or the discount as "−40%". */
  label: string;
  discountPercent: number | null;
}

/** Wishlist adds per day of `dates`; days without data are left out. */
export function wishlistAddsPerDay(_deps: AppDeps, _appId: number, _dates: string[]): Map<string, number> {
  return new Map();
}

/** Percent of positive reviews (0–100) per day of `dates`; days without a sample are left out. */
export function reviewPercentPerDay(_deps: AppDeps, _appId: number, _dates: string[]): Map<string, number> {
  return new Map();
}

/** Sale events overlapping [from, to] (YYYY-MM-DD, both included), oldest first. */
export function saleEventMarks(_deps: AppDeps, _appId: number, _from: string, _to: string): SaleEventMark[] {
  return [];
}
