import { STEAM_ERRORS, STEAM_SERVICES } from "@shared/messages/steam";
import { SteamError } from "./errors";
import { type HttpOptions, parseJson, steamGet } from "./http";
import { toInt } from "./money";

// The store's review summary (store.steampowered.com/appreviews/{appid}?json=1), which needs no key.
// With num_per_page=0 Steam sends no reviews, only `success` (1 when the query worked) and
// `query_summary`: num_reviews, review_score (0–9), review_score_desc ("Very Positive"),
// total_positive, total_negative, total_reviews. language=all and purchase_type=all count every
// review, as the store page's "All Reviews" line does.

export interface ReviewSummary {
  reviewScore: number | null;
  scoreDesc: string;
  totalPositive: number;
  totalNegative: number;
  totalReviews: number;
}

/** The summary, or null when Steam answered without one (success 2, an unknown app, no query_summary). */
export async function getReviewSummary(
  cfg: { base: string; http: HttpOptions },
  appId: number,
): Promise<ReviewSummary | null> {
  const service = STEAM_SERVICES.reviews;
  const u = new URL(`appreviews/${appId}`, cfg.base.endsWith("/") ? cfg.base : `${cfg.base}/`);
  for (const [k, v] of Object.entries({
    json: "1",
    language: "all",
    purchase_type: "all",
    num_per_page: "0",
  }))
    u.searchParams.set(k, v);
  const res = await steamGet(u.toString(), service, cfg.http);
  if (res.status !== 200 || res.isHtml) {
    throw new SteamError("bad_response", STEAM_ERRORS.answeredStatus(service, res.status), res.status);
  }
  const body = parseJson(res, service) as { success?: unknown; query_summary?: unknown } | null;
  const q = body?.query_summary as Record<string, unknown> | undefined;
  if (!body || toInt(body.success) !== 1 || !q || typeof q !== "object") return null;
  const positive = Math.max(0, toInt(q.total_positive));
  const negative = Math.max(0, toInt(q.total_negative));
  const total = q.total_reviews === undefined ? positive + negative : Math.max(0, toInt(q.total_reviews));
  return {
    reviewScore: q.review_score === undefined ? null : toInt(q.review_score),
    scoreDesc: typeof q.review_score_desc === "string" ? q.review_score_desc : "",
    totalPositive: positive,
    totalNegative: negative,
    totalReviews: total,
  };
}
