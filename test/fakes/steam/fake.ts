import { appDetailsBody } from "./app-details";
import { createBroadcastFake } from "./broadcasts";
import { GAMES, gameById } from "./catalog";
import { appInfo, newsFor, packageInfo, playersAt, type RawSalesRow } from "./data";
import { type RawQuerySummary, reviewSummaryAt } from "./reviews";
import { bundleInfo, combinedDiscountInfo, countryInfo, generatedSales } from "./sales-gen";
import { defaultWishlistApps, type FakeWishlistApp, wishlistResponse } from "./wishlists";

// A fake of the Steam endpoints the console calls, as one pure `handle(request) → Response`, so the
// same code answers msw in tests and a Bun.serve in the demo. Paths and response shapes are Steam's
// as documented by Valve; the host is whatever the request was sent to.

const DAY_MS = 86_400_000;
const FORBIDDEN_HTML =
  "<html><head><title>Forbidden</title></head><body><h1>Forbidden</h1>Access is denied. Retrying will not help. Please verify your <pre>key=</pre> parameter.</body></html>";

export interface Fault {
  /** Substring of the path that the fault applies to, e.g. "GetDetailedSales". */
  path: string;
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** How many matching requests it answers before it is used up (default 1). */
  times?: number;
  /** No answer at all, as when the host's name does not resolve: fetch rejects. */
  networkError?: boolean;
}

export interface SteamFakeOptions {
  now?: () => number;
  /** The Financial API key the fake accepts. */
  partnerKey?: string;
  /** Keys that are valid but lack the financial permission: answered `{"response":{}}`. */
  noPermissionKeys?: string[];
  /** When set, any other Web API key is answered with Steam's HTML 403. */
  webKey?: string;
  /** Days of generated sales, ending today (Pacific). Ignored when `sales` is given. */
  salesDays?: number;
  /** Explicit sales per date (YYYY-MM-DD), replacing the generator. */
  sales?: Record<string, RawSalesRow[]>;
  pageSize?: number;
  players?: (appId: number, ms: number) => number;
  /** Wishlists per app id; by default each partner app has `wishlistDays` generated days. */
  wishlists?: Record<number, FakeWishlistApp>;
  wishlistDays?: number;
  /** Replaces the generated review summary; return null for Steam's `{"success":2}`. */
  reviews?: (appId: number, ms: number) => RawQuerySummary | null;
}

const pacific = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Los_Angeles",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const pacificTime = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/Los_Angeles",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const dayIndex = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=UTF-8" },
  });
const html = (body: string, status: number) =>
  new Response(body, { status, headers: { "content-type": "text/html; charset=UTF-8" } });

export type SteamFake = ReturnType<typeof createSteamFake>;

export function createSteamFake(options: SteamFakeOptions = {}) {
  const opts = { partnerKey: "fake-partner-key", salesDays: 120, pageSize: 50, ...options };
  const now = opts.now ?? Date.now;
  const requests: URL[] = [];
  const faults: Fault[] = [];
  /** Restated dates: their change mark and, if given, their replacement rows. */
  const restated = new Map<string, { mark: number; rows?: RawSalesRow[] }>();
  let bumps = 0;
  const broadcasts = createBroadcastFake();

  const pacificToday = () => pacific.format(new Date(now()));
  /** How much of today (Pacific) has passed, from the clock: 0.25 at 06:00 Los Angeles time. */
  function pacificDayFraction(): number {
    const parts = pacificTime.formatToParts(new Date(now()));
    const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
    return Math.max(0.02, ((get("hour") % 24) * 60 + get("minute")) / 1440);
  }

  function salesDates(): string[] {
    if (opts.sales) return Object.keys(opts.sales).sort();
    const today = pacificToday();
    const last = dayIndex(today);
    return Array.from({ length: opts.salesDays }, (_, i) =>
      new Date((last - opts.salesDays + 1 + i) * DAY_MS).toISOString().slice(0, 10),
    );
  }

  function rowsFor(date: string): RawSalesRow[] {
    const over = restated.get(date)?.rows;
    if (over) return over;
    if (opts.sales) return opts.sales[date] ?? [];
    if (!salesDates().includes(date)) return [];
    return generatedSales(date, dayIndex(date), date === pacificToday() ? pacificDayFraction() : 1);
  }

  // Natural marks grow with the date (×100); a restatement takes a mark between today's and tomorrow's.
  const markOf = (date: string) => restated.get(date)?.mark ?? dayIndex(date) * 100;

  function partner(url: URL, method: string): Response {
    const key = url.searchParams.get("key") ?? "";
    if (opts.noPermissionKeys?.includes(key)) return json({ response: {} });
    if (key !== opts.partnerKey) return html(FORBIDDEN_HTML, 403);
    if (method === "GetChangedDatesForPartner") {
      const since = Number(url.searchParams.get("highwatermark") ?? "0");
      const dates = salesDates().filter((d) => markOf(d) > since);
      const all = salesDates().map(markOf);
      const mark = Math.max(since, ...all);
      const body: Record<string, unknown> = { result_highwatermark: String(mark) };
      if (dates.length) body.dates = dates.map((d) => d.replaceAll("-", "/"));
      return json({ response: body });
    }
    if (method === "GetDetailedSales") {
      const date = (url.searchParams.get("date") ?? "").replaceAll("/", "-");
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return html("<html><body>Bad Request</body></html>", 400);
      const after = Number(url.searchParams.get("highwatermark_id") ?? "0");
      const page = rowsFor(date)
        .filter((r) => r.id > after)
        .sort((a, b) => a.id - b.id)
        .slice(0, opts.pageSize);
      const maxId = page.length ? page[page.length - 1]!.id : after;
      // Protobuf JSON leaves out empty lists, as Steam does on the last page.
      if (page.length === 0) return json({ response: { max_id: String(maxId) } });
      return json({
        response: {
          results: page,
          app_info: appInfo(),
          package_info: packageInfo(),
          bundle_info: bundleInfo(),
          country_info: countryInfo(),
          combined_discount_info: combinedDiscountInfo(),
          max_id: String(maxId),
        },
      });
    }
    if (method === "GetAppWishlistReporting") {
      const apps = opts.wishlists ?? defaultWishlistApps(now(), opts.wishlistDays ?? 60);
      const date = url.searchParams.get("date") ?? "";
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return html("<html><body>Bad Request</body></html>", 400);
      return json({ response: wishlistResponse(apps, Number(url.searchParams.get("appid")), date, now()) });
    }
    return html("<html><body>Not Found</body></html>", 404);
  }

  function webApi(url: URL): Response {
    const key = url.searchParams.get("key");
    if (key !== null && opts.webKey !== undefined && key !== opts.webKey) return html(FORBIDDEN_HTML, 403);
    const path = url.pathname;
    if (path.includes("GetNumberOfCurrentPlayers")) {
      const appId = Number(url.searchParams.get("appid"));
      if (!gameById(appId)) return json({ response: { result: 42 } }, 404);
      const count = (opts.players ?? playersAt)(appId, now());
      return json({ response: { player_count: count, result: 1 } });
    }
    if (path.includes("GetGlobalAchievementPercentagesForApp")) {
      const game = gameById(Number(url.searchParams.get("gameid")));
      // Keyless calls for apps without stats (or unknown apps) get Steam's HTML 403.
      if (!game?.achievements) return html(FORBIDDEN_HTML, 403);
      const achievements = game.achievements.map((percent, i) => ({ name: `ACH_${i + 1}`, percent }));
      return json({ achievementpercentages: { achievements } });
    }
    if (path.includes("GetNewsForApp")) {
      const appId = Number(url.searchParams.get("appid"));
      const count = Number(url.searchParams.get("count") ?? "20");
      const items = newsFor(appId, now(), count);
      return json({ appnews: { appid: appId, newsitems: items, count: items.length } });
    }
    return html("<html><body>Not Found</body></html>", 404);
  }

  function storeSearch(url: URL): Response {
    const term = (url.searchParams.get("term") ?? "").toLowerCase();
    const items = GAMES.filter((g) => term && g.name.toLowerCase().includes(term)).map((g) => ({
      type: "app",
      name: g.name,
      id: g.appId,
      tiny_image: `https://shared.akamai.steamstatic.com/store_item_assets/steam/apps/${g.appId}/capsule_231x87.jpg`,
      metascore: "",
      platforms: { windows: true, mac: g.appId % 2 === 0, linux: false },
      streamingvideo: false,
      controller_support: "full",
    }));
    return json({ total: items.length, items });
  }

  // With num_per_page=0 the store sends the summary and an empty list; an app it does not know gets
  // `{"success":2}` and nothing else.
  function appReviews(url: URL): Response {
    const appId = Number(/\/appreviews\/(\d+)/.exec(url.pathname)?.[1]);
    const summary = opts.reviews ? opts.reviews(appId, now()) : reviewSummaryAt(appId, now());
    if (summary === null) return json({ success: 2 });
    return json({ success: 1, query_summary: summary, reviews: [], cursor: "*" });
  }

  function handle(request: Request): Response {
    const url = new URL(request.url);
    requests.push(url);
    const fault = faults.find((f) => url.pathname.includes(f.path));
    if (fault) {
      fault.times = (fault.times ?? 1) - 1;
      if (fault.times <= 0) faults.splice(faults.indexOf(fault), 1);
      if (fault.networkError) return Response.error();
      return new Response(fault.body ?? "", { status: fault.status, headers: fault.headers });
    }
    const partnerMethod = /IPartnerFinancialsService\/(\w+)\//.exec(url.pathname)?.[1];
    if (partnerMethod) return partner(url, partnerMethod);
    if (url.pathname.includes("/api/storesearch")) return storeSearch(url);
    if (url.pathname.includes("/appreviews/")) return appReviews(url);
    if (url.pathname.includes("/api/appdetails"))
      return json(appDetailsBody(Number(url.searchParams.get("appids")), now()));
    if (url.pathname === "/broadcast/getbroadcastinfo/") return broadcasts.answer(url);
    return webApi(url);
  }

  return {
    handle,
    requests,
    /** The community broadcast endpoint: `broadcasts.set(steamId, …)` says what Steam shows. */
    broadcasts,
    /** Queue an answer for the next request(s) whose path contains `fault.path`. */
    fault: (fault: Fault) => void faults.push({ times: 1, ...fault }),
    /** Steam restates a date: it shows up again in GetChangedDatesForPartner, optionally with new rows. */
    restate(date: string, rows?: RawSalesRow[]) {
      const today = dayIndex(pacific.format(new Date(now())));
      restated.set(date, { mark: today * 100 + ++bumps, rows });
    },
    salesDates,
    rowsFor,
    /** Requests whose path contains `part`. */
    calls: (part: string) => requests.filter((u) => u.pathname.includes(part)),
  };
}
