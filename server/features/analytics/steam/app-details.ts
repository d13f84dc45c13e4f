import { STEAM_ERRORS, STEAM_SERVICES } from "@shared/messages/steam";
import { SteamError } from "./errors";
import { type HttpOptions, parseJson, steamGet } from "./http";
import { toInt } from "./money";

// The store's appdetails (store.steampowered.com/api/appdetails?appids=…), which needs no key. It
// answers `{"<appid>": {"success": true, "data": {…}}}`, or `{"<appid>": {"success": false}}` for an
// app the store does not show. price_overview (cents) is missing for free apps and unreleased ones.

export interface AppDetails {
  name: string;
  isFree: boolean;
  currency: string | null;
  initialCents: number | null;
  finalCents: number | null;
  discountPercent: number;
  releaseDate: string | null;
  comingSoon: boolean;
  genres: string[];
}

const obj = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** The details, or null when the store answers `success: false` (an app it does not know). */
export async function getAppDetails(
  cfg: { base: string; http: HttpOptions },
  appId: number,
): Promise<AppDetails | null> {
  const service = STEAM_SERVICES.appDetails;
  const u = new URL("api/appdetails", cfg.base.endsWith("/") ? cfg.base : `${cfg.base}/`);
  u.searchParams.set("appids", String(appId));
  u.searchParams.set("cc", "us");
  u.searchParams.set("l", "english");
  const res = await steamGet(u.toString(), service, cfg.http);
  if (res.status !== 200 || res.isHtml) {
    throw new SteamError("bad_response", STEAM_ERRORS.answeredStatus(service, res.status), res.status);
  }
  const entry = obj(obj(parseJson(res, service))?.[String(appId)]);
  if (!entry) {
    throw new SteamError("bad_response", STEAM_ERRORS.answeredWithout(service, res.status, "details"), 200);
  }
  if (entry.success !== true) return null;
  const data = obj(entry.data);
  if (!data || typeof data.name !== "string") {
    throw new SteamError("bad_response", STEAM_ERRORS.answeredWithout(service, res.status, "details"), 200);
  }
  const price = obj(data.price_overview);
  const release = obj(data.release_date);
  const genres = Array.isArray(data.genres)
    ? data.genres.flatMap((g) => {
        const d = obj(g)?.description;
        return typeof d === "string" ? [d] : [];
      })
    : [];
  return {
    name: data.name,
    isFree: data.is_free === true,
    currency: typeof price?.currency === "string" ? price.currency : null,
    initialCents: price ? toInt(price.initial) : null,
    finalCents: price ? toInt(price.final) : null,
    discountPercent: price ? Math.max(0, toInt(price.discount_percent)) : 0,
    releaseDate: typeof release?.date === "string" && release.date !== "" ? release.date : null,
    comingSoon: release?.coming_soon === true,
    genres,
  };
}
