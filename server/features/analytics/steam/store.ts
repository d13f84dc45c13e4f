import { STEAM_ERRORS, STEAM_SERVICES } from "@shared/messages/steam";
import { SteamError } from "./errors";
import { type HttpOptions, parseJson, steamGet } from "./http";
import { toInt } from "./money";

// The store's own search (store.steampowered.com/api/storesearch), which needs no key.

export interface StoreSearchHit {
  appId: number;
  name: string;
  tinyImage: string | null;
}

export async function searchStore(
  cfg: { base: string; http: HttpOptions },
  term: string,
  limit: number,
): Promise<StoreSearchHit[]> {
  const service = STEAM_SERVICES.storeSearch;
  const u = new URL("api/storesearch/", cfg.base.endsWith("/") ? cfg.base : `${cfg.base}/`);
  u.searchParams.set("term", term);
  u.searchParams.set("l", "english");
  u.searchParams.set("cc", "US");
  const res = await steamGet(u.toString(), service, cfg.http);
  const body = parseJson(res, service) as { items?: unknown } | null;
  if (res.status !== 200 || !body || !Array.isArray(body.items)) {
    throw new SteamError(
      "bad_response",
      STEAM_ERRORS.answeredWithout(service, res.status, "results"),
      res.status,
    );
  }
  return body.items
    .flatMap((raw) => {
      const i = raw as Record<string, unknown>;
      const appId = toInt(i.id);
      if (appId <= 0 || typeof i.name !== "string") return [];
      return [{ appId, name: i.name, tinyImage: typeof i.tiny_image === "string" ? i.tiny_image : null }];
    })
    .slice(0, limit);
}
