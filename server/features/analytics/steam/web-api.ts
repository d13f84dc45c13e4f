import { STEAM_ERRORS, STEAM_SERVICES } from "@shared/messages/steam";
import { SteamError } from "./errors";
import { type HttpOptions, parseJson, type SteamHttpResponse, steamGet } from "./http";
import { toInt } from "./money";

// Public Web API calls (api.steampowered.com): current players, achievement percentages, news.
// None needs a key; the Web API key is sent when configured because Steam gives keyed calls more room.

export interface WebApiConfig {
  base: string;
  key?: string;
  http: HttpOptions;
}

export interface Achievements {
  count: number;
  /** Mean global unlock percent, or 0 when the app has none. */
  avgPercent: number;
}

export interface SteamNewsItem {
  gid: string;
  title: string;
  url: string;
  author: string;
  feedlabel: string;
  contents: string;
  /** Unix seconds. */
  date: number;
}

const obj = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

function url(cfg: WebApiConfig, path: string, params: Record<string, string | number>): string {
  const u = new URL(path, cfg.base.endsWith("/") ? cfg.base : `${cfg.base}/`);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, String(v));
  if (cfg.key) u.searchParams.set("key", cfg.key);
  return u.toString();
}

/** A rejected Web API key answers an HTML 403 page instead of JSON. */
function rejectIfHtml403(res: SteamHttpResponse, service: string, keyed: boolean): void {
  if (res.status === 403 && res.isHtml && keyed) {
    throw new SteamError("key_rejected", STEAM_ERRORS.webKeyRejected(service), 403);
  }
}

export async function getCurrentPlayers(cfg: WebApiConfig, appId: number): Promise<number> {
  const service = STEAM_SERVICES.currentPlayers;
  const res = await steamGet(
    url(cfg, "ISteamUserStats/GetNumberOfCurrentPlayers/v1/", { appid: appId }),
    service,
    cfg.http,
  );
  rejectIfHtml403(res, service, Boolean(cfg.key));
  const body = res.isHtml ? null : obj(parseJson(res, service));
  const response = obj(body?.response);
  // Steam answers an unknown app with HTTP 404 and {"response":{"result":42}}.
  if (response && toInt(response.result) === 1 && typeof response.player_count === "number") {
    return response.player_count;
  }
  if (res.status === 404 || (response && toInt(response.result) === 42)) {
    throw new SteamError("unknown_app", STEAM_ERRORS.unknownApp(appId), res.status);
  }
  throw new SteamError(
    "bad_response",
    STEAM_ERRORS.answeredWithout(service, res.status, "a player count"),
    res.status,
  );
}

export async function getAchievements(cfg: WebApiConfig, appId: number): Promise<Achievements> {
  const service = STEAM_SERVICES.achievements;
  const res = await steamGet(
    url(cfg, "ISteamUserStats/GetGlobalAchievementPercentagesForApp/v2/", { gameid: appId }),
    service,
    cfg.http,
  );
  // Not rejectIfHtml403: Steam answers an app without stats with the same HTML 403 page as a bad key,
  // so here a 403 means "no achievements"; a rejected key shows up on the players and news calls.
  const body = res.isHtml ? null : obj(parseJson(res, service));
  const list = obj(body?.achievementpercentages)?.achievements;
  if (res.status === 200 && Array.isArray(list)) {
    // percent arrives as a number or, for some apps, a string ("12.5"): read both.
    const percents = list.map((a) => Number(obj(a)?.percent)).filter((p) => Number.isFinite(p));
    if (percents.length === 0) return { count: 0, avgPercent: 0 };
    const avg = percents.reduce((s, p) => s + p, 0) / percents.length;
    return { count: list.length, avgPercent: Math.round(avg * 10) / 10 };
  }
  // Apps without stats answer 403 (keyless) or {"response":{"result":8}}; unknown apps 404 or 500.
  if (res.status === 403 || toInt(obj(body?.response)?.result) === 8) {
    throw new SteamError("no_achievements", STEAM_ERRORS.noAchievements(appId), res.status);
  }
  if (res.status === 404) throw new SteamError("unknown_app", STEAM_ERRORS.unknownApp(appId), 404);
  throw new SteamError(
    "bad_response",
    STEAM_ERRORS.answeredWithout(service, res.status, "achievements"),
    res.status,
  );
}

export async function getNews(cfg: WebApiConfig, appId: number, count: number): Promise<SteamNewsItem[]> {
  const service = STEAM_SERVICES.news;
  const res = await steamGet(
    url(cfg, "ISteamNews/GetNewsForApp/v2/", { appid: appId, count, maxlength: 300, format: "json" }),
    service,
    cfg.http,
  );
  rejectIfHtml403(res, service, Boolean(cfg.key));
  const body = res.isHtml ? null : obj(parseJson(res, service));
  const items = obj(body?.appnews)?.newsitems;
  if (res.status === 200 && Array.isArray(items)) {
    return items.flatMap((raw) => {
      const i = obj(raw);
      if (!i || typeof i.gid !== "string" || typeof i.title !== "string") return [];
      return [
        {
          gid: i.gid,
          title: i.title,
          url: typeof i.url === "string" ? i.url : "",
          author: typeof i.author === "string" ? i.author : "",
          feedlabel: typeof i.feedlabel === "string" ? i.feedlabel : "",
          contents: typeof i.contents === "string" ? i.contents : "",
          date: toInt(i.date),
        },
      ];
    });
  }
  if (res.status === 403 || res.status === 404) {
    throw new SteamError("unknown_app", STEAM_ERRORS.noNewsFeed(appId), res.status);
  }
  throw new SteamError("bad_response", STEAM_ERRORS.answeredWithout(service, res.status, "news"), res.status);
}
