import { STEAM_SERVICES } from "@shared/messages/steam";
import { z } from "zod";
import { steamGet } from "./http";
import { type PartnerConfig, partnerResponse, partnerUrl } from "./partner";

// IPartnerFinancialsService/GetAppWishlistReporting: one app's wishlist actions on one GMT date.
// Steam answers `response.wishlist_summary` (totals and adds per platform), `country_summary` and
// `language_summary` lists whose entries carry `summary_actions`, and `app_min_date`, the first date
// it has data for. A date without data (today, or before app_min_date) has no summary but still
// carries app_min_date. Every field is read tolerantly: a missing or odd one is null, never a crash.

/** A count Steam sends as a number (or, defensively, a numeric string); anything else is null. */
const count = z.preprocess(
  (v) => (typeof v === "string" && /^-?\d+$/.test(v) ? Number(v) : v),
  z.number().int().nonnegative().nullable().catch(null),
);
const optCount = count.optional().transform((v) => v ?? null);
const actions = z
  .object({
    wishlist_adds: optCount,
    wishlist_deletes: optCount,
    wishlist_purchases: optCount,
    wishlist_gifts: optCount,
  })
  .catch({ wishlist_adds: null, wishlist_deletes: null, wishlist_purchases: null, wishlist_gifts: null });
const summarySchema = z.object({
  wishlist_adds: optCount,
  wishlist_deletes: optCount,
  wishlist_purchases: optCount,
  wishlist_gifts: optCount,
  wishlist_adds_windows: optCount,
  wishlist_adds_mac: optCount,
  wishlist_adds_linux: optCount,
});
const countrySchema = z.object({
  country_code: z.string().min(1).catch(""),
  summary_actions: actions.optional(),
});
const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const responseSchema = z.object({
  date: dateText.optional().catch(undefined),
  app_min_date: dateText.optional().catch(undefined),
  wishlist_summary: summarySchema.optional().catch(undefined),
  country_summary: z.array(z.unknown()).optional().catch(undefined),
});

export interface WishlistCounts {
  adds: number | null;
  deletes: number | null;
  purchases: number | null;
  gifts: number | null;
}

export interface WishlistReport {
  date: string;
  /** The app's first date with wishlist data, when Steam said. */
  appMinDate: string | null;
  /** Null when Steam had no summary for the date (no data yet, or none at all). */
  summary:
    | (WishlistCounts & { addsWindows: number | null; addsMac: number | null; addsLinux: number | null })
    | null;
  countries: (WishlistCounts & { countryCode: string })[];
}

const countsOf = (a: z.infer<typeof actions>): WishlistCounts => ({
  adds: a.wishlist_adds,
  deletes: a.wishlist_deletes,
  purchases: a.wishlist_purchases,
  gifts: a.wishlist_gifts,
});

/** Parses the `response` object; exported for the tests of odd shapes. */
export function parseWishlistResponse(response: Record<string, unknown>, date: string): WishlistReport {
  const r = responseSchema.parse(response);
  const s = r.wishlist_summary;
  const countries = (r.country_summary ?? []).flatMap((raw) => {
    const c = countrySchema.safeParse(raw);
    if (!c.success || c.data.country_code === "") return [];
    return [
      {
        countryCode: c.data.country_code.toUpperCase(),
        ...countsOf(c.data.summary_actions ?? actions.parse({})),
      },
    ];
  });
  return {
    date: r.date ?? date,
    appMinDate: r.app_min_date ?? null,
    summary: s
      ? {
          ...countsOf(s),
          addsWindows: s.wishlist_adds_windows,
          addsMac: s.wishlist_adds_mac,
          addsLinux: s.wishlist_adds_linux,
        }
      : null,
    countries,
  };
}

/** One app's wishlist report for one date (YYYY-MM-DD, GMT). An empty `response` is the no-permission error. */
export async function getWishlistReport(
  cfg: PartnerConfig,
  appId: number,
  date: string,
): Promise<WishlistReport> {
  const service = STEAM_SERVICES.wishlists;
  const res = await steamGet(
    partnerUrl(cfg, "GetAppWishlistReporting", { appid: String(appId), date }),
    service,
    cfg.http,
  );
  return parseWishlistResponse(partnerResponse(res, service), date);
}
