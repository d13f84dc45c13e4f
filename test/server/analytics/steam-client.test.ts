import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { createSteamClient } from "@server/features/analytics/steam/client";
import { SteamError } from "@server/features/analytics/steam/errors";
import { usdToCents } from "@server/features/analytics/steam/money";
import { GAMES } from "../../fakes/steam/catalog";
import { playersAt } from "../../fakes/steam/data";
import { steamTestDeps } from "../../fakes/steam/deps";
import { startSteamMsw } from "../../fakes/steam/msw";

const NOW = Date.parse("2026-11-20T20:00:00Z");
const msw = startSteamMsw({ now: () => NOW });
afterAll(() => msw.stop());
beforeEach(() => msw.reset({ now: () => NOW }));

const rejectsWith = async (p: Promise<unknown>, kind: string, text?: RegExp) => {
  const err = await p.then(
    () => null,
    (e) => e,
  );
  expect(err).toBeInstanceOf(SteamError);
  expect((err as SteamError).kind).toBe(kind as SteamError["kind"]);
  if (text) expect((err as Error).message).toMatch(text);
  return err as SteamError;
};

describe("Web API", () => {
  test("current players reads response.player_count", async () => {
    const { steam } = steamTestDeps();
    expect(await steam.currentPlayers(2456740)).toBe(playersAt(2456740, NOW));
    expect(msw.fake.calls("GetNumberOfCurrentPlayers")[0]!.searchParams.get("appid")).toBe("2456740");
  });

  test("an unknown app (404 with result 42) is a clear unknown_app error", async () => {
    const { steam } = steamTestDeps();
    await rejectsWith(steam.currentPlayers(999), "unknown_app", /Steam does not know app 999/);
  });

  test("achievements: count and mean unlock rate, percent given as number or string", async () => {
    const { steam } = steamTestDeps();
    // 92.4, 71.3, "55.8", 38.1, "24.6", 12.9, 6.2, "3.4", 1.7, 0.6 → mean 30.7
    expect(await steam.achievements(2456740)).toEqual({ count: 10, avgPercent: 30.7 });
    // "64.0", "40.5", "12.25" → 38.916… → 38.9
    expect(await steam.achievements(2210330)).toEqual({ count: 3, avgPercent: 38.9 });
  });

  test("an app without achievements (Steam's HTML 403) is no_achievements, not a key problem", async () => {
    const { steam } = steamTestDeps();
    await rejectsWith(steam.achievements(2671090), "no_achievements", /has no achievements/);
  });

  test("an empty achievements list reads as zero achievements", async () => {
    const { steam } = steamTestDeps();
    msw.fake.fault({
      path: "GetGlobalAchievementPercentagesForApp",
      status: 200,
      body: JSON.stringify({ achievementpercentages: { achievements: [] } }),
    });
    expect(await steam.achievements(2456740)).toEqual({ count: 0, avgPercent: 0 });
  });

  test("news returns Steam's items with gid, title, url and unix date", async () => {
    const { steam } = steamTestDeps();
    const items = await steam.news(1987650, 10);
    expect(items).toHaveLength(10);
    expect(items[0]).toMatchObject({
      title: "Hollow Lantern: Patch notes",
      feedlabel: "Community Announcements",
    });
    expect(items[0]!.date * 1000).toBeLessThan(NOW);
    expect(msw.fake.calls("GetNewsForApp")[0]!.searchParams.get("count")).toBe("10");
  });

  test("a rejected Web API key (HTML 403) says so, and the key never appears in the message", async () => {
    msw.reset({ now: () => NOW, webKey: "the-right-key" });
    const { steam } = steamTestDeps({ STEAM_WEB_API_KEY: "wrong-secret-key" });
    const err = await rejectsWith(steam.currentPlayers(2456740), "key_rejected", /rejected the Web API key/);
    expect(err.message).not.toContain("wrong-secret-key");
    expect(msw.fake.calls("GetNumberOfCurrentPlayers")[0]!.searchParams.get("key")).toBe("wrong-secret-key");
  });

  test("the configured base URL is used (demo and tests point it at fakes)", async () => {
    const deps = steamTestDeps({ STEAM_API_BASE: "https://api.steampowered.com/" });
    expect(await deps.steam.currentPlayers(2210330)).toBeGreaterThan(0);
  });
});

describe("store search", () => {
  test("searches by term with english/US and maps id and name", async () => {
    const { steam } = steamTestDeps();
    const hits = await steam.search("starfall", 10);
    expect(hits.map((h) => h.appId)).toEqual([2456740, 1765420]);
    expect(hits[0]!.name).toBe("Starfall Outpost");
    const url = msw.fake.calls("storesearch")[0]!;
    expect([url.searchParams.get("term"), url.searchParams.get("l"), url.searchParams.get("cc")]).toEqual([
      "starfall",
      "english",
      "US",
    ]);
  });

  test("limit cuts the list", async () => {
    const { steam } = steamTestDeps();
    expect(await steam.search("o", 2)).toHaveLength(2);
  });

  test("a non-JSON answer is a bad_response", async () => {
    const { steam } = steamTestDeps();
    msw.fake.fault({ path: "storesearch", status: 200, body: "<<garbage>>" });
    await rejectsWith(steam.search("starfall", 10), "bad_response", /not JSON/);
  });
});

describe("retries, backoff and timeouts", () => {
  test("429 then 503 are retried with exponential backoff, then the call succeeds", async () => {
    const deps = steamTestDeps();
    msw.fake.fault({ path: "GetNumberOfCurrentPlayers", status: 429 });
    msw.fake.fault({ path: "GetNumberOfCurrentPlayers", status: 503 });
    expect(await deps.steam.currentPlayers(2456740)).toBe(playersAt(2456740, NOW));
    expect(deps.sleeps).toEqual([500, 1000]);
    expect(msw.fake.calls("GetNumberOfCurrentPlayers")).toHaveLength(3);
  });

  test("Retry-After is honoured", async () => {
    const deps = steamTestDeps();
    msw.fake.fault({ path: "storesearch", status: 429, headers: { "retry-after": "7" } });
    await deps.steam.search("harbor", 10);
    expect(deps.sleeps).toEqual([7000]);
  });

  test("persistent 429 gives up after 3 retries with a rate-limit message", async () => {
    const deps = steamTestDeps();
    msw.fake.fault({ path: "GetNumberOfCurrentPlayers", status: 429, times: 10 });
    await rejectsWith(deps.steam.currentPlayers(2456740), "rate_limited", /HTTP 429/);
    expect(msw.fake.calls("GetNumberOfCurrentPlayers")).toHaveLength(4);
    expect(deps.sleeps).toEqual([500, 1000, 2000]);
  });

  test("a 4xx other than 429 is not retried", async () => {
    const deps = steamTestDeps();
    await rejectsWith(deps.steam.currentPlayers(999), "unknown_app");
    expect(msw.fake.calls("GetNumberOfCurrentPlayers")).toHaveLength(1);
  });

  test("a server that never answers times out", async () => {
    const slow = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: () => new Promise<Response>(() => {}),
    });
    try {
      const deps = steamTestDeps({ STEAM_API_BASE: `http://127.0.0.1:${slow.port}` });
      const client = createSteamClient(deps.env, { timeoutMs: 150, retries: 1, sleep: async () => {} });
      await rejectsWith(client.currentPlayers(2456740), "timeout", /did not answer within/);
    } finally {
      slow.stop(true);
    }
  });
});

describe("partner financial API", () => {
  test("GetChangedDatesForPartner sends the mark and answers dashed dates and the new mark", async () => {
    msw.reset({ now: () => NOW, salesDays: 3 });
    const { steam } = steamTestDeps();
    const first = await steam.changedDates("0");
    expect(first.dates).toEqual(["2026-11-18", "2026-11-19", "2026-11-20"]);
    const again = await steam.changedDates(first.highwatermark);
    expect(again).toEqual({ dates: [], highwatermark: first.highwatermark });
    const urls = msw.fake.calls("GetChangedDatesForPartner");
    expect(urls.map((u) => u.searchParams.get("highwatermark"))).toEqual(["0", first.highwatermark]);
    expect(urls[0]!.searchParams.get("key")).toBe("fake-partner-key");
  });

  test("GetDetailedSales pages with highwatermark_id until max_id stops moving", async () => {
    msw.reset({ now: () => NOW, salesDays: 1, pageSize: 4 });
    const { steam } = steamTestDeps();
    const expected = msw.fake.rowsFor("2026-11-20");
    expect(expected.length).toBeGreaterThan(8);
    const { rows, pages } = await steam.detailedSales("2026-11-20");
    expect(rows).toHaveLength(expected.length);
    expect(pages).toBe(Math.ceil(expected.length / 4) + 1);
    const sent = msw.fake.calls("GetDetailedSales").map((u) => u.searchParams.get("highwatermark_id"));
    expect(sent[0]).toBe("0");
    expect(sent[1]).toBe(String(expected[3]!.id));
    expect(sent.at(-1)).toBe(String(expected.at(-1)!.id));
  });

  test("money becomes integer cents with Steam's signs; rows carry primary_appid", async () => {
    msw.reset({ now: () => NOW, salesDays: 1 });
    const { steam } = steamTestDeps();
    const { rows } = await steam.detailedSales("2026-11-20");
    const raw = msw.fake.rowsFor("2026-11-20");
    const withReturn = rows.find((r) => r.grossUnitsReturned < 0)!;
    const rawReturn = raw.find((r) => r.gross_units_returned < 0)!;
    expect(withReturn.grossReturnsCents).toBe(usdToCents(rawReturn.gross_returns_usd));
    expect(withReturn.grossReturnsCents).toBeLessThan(0);
    expect(rows.reduce((s, r) => s + r.grossSalesCents, 0)).toBe(
      raw.reduce((s, r) => s + Math.round(Number(r.gross_sales_usd) * 100), 0),
    );
    expect(new Set(rows.map((r) => r.primaryAppId))).toEqual(new Set([2456740, 1987650, 2210330]));
  });

  test("no key configured: key_missing without calling Steam", async () => {
    const { steam } = steamTestDeps({ STEAM_PARTNER_API_KEY: "" });
    await rejectsWith(steam.changedDates("0"), "key_missing", /STEAM_PARTNER_API_KEY/);
    expect(msw.fake.requests).toHaveLength(0);
  });

  test("a rejected key (HTML 403) is key_rejected and the message never holds the key", async () => {
    const { steam } = steamTestDeps({ STEAM_PARTNER_API_KEY: "leaked-if-shown" });
    const err = await rejectsWith(steam.changedDates("0"), "key_rejected", /HTTP 403/);
    expect(err.message).not.toContain("leaked-if-shown");
  });

  test("a key without financial permission (empty response) is no_permission", async () => {
    msw.reset({ now: () => NOW, noPermissionKeys: ["publisher-key"] });
    const { steam } = steamTestDeps({ STEAM_PARTNER_API_KEY: "publisher-key" });
    await rejectsWith(steam.detailedSales("2026-11-20"), "no_permission", /empty response/);
  });

  test("an entirely empty body is also no_permission", async () => {
    const { steam } = steamTestDeps();
    msw.fake.fault({ path: "GetChangedDatesForPartner", status: 200, body: "" });
    await rejectsWith(steam.changedDates("0"), "no_permission");
  });

  test("401 names the status so the dialog's hint applies", async () => {
    const { steam } = steamTestDeps();
    msw.fake.fault({ path: "GetDetailedSales", status: 401, body: "<html>Unauthorized</html>" });
    await rejectsWith(steam.detailedSales("2026-11-20"), "key_rejected", /HTTP 401/);
  });

  test("400 is reported as bad dates or parameters", async () => {
    const { steam } = steamTestDeps();
    await rejectsWith(steam.detailedSales("20-11-2026"), "bad_response", /HTTP 400/);
  });

  test("a network failure message masks the key", async () => {
    const deps = steamTestDeps({ STEAM_PARTNER_BASE: "http://127.0.0.1:1" });
    const client = createSteamClient(deps.env, { retries: 0, sleep: async () => {} });
    const err = await rejectsWith(client.changedDates("0"), "unavailable");
    expect(err.message).not.toContain("fake-partner-key");
  });
});

describe("usdToCents", () => {
  test.each([
    ["9.9900", 999],
    ["-9.9900", -999],
    ["0.0000", 0],
    ["-0.0000", 0],
    ["19.9950", 2000],
    ["-19.9950", -2000],
    ["0.0049", 0],
    ["1234567.1200", 123456712],
    ["12", 1200],
    [".5", 50],
    ["abc", 0],
  ])("%s → %d cents", (input, cents) => {
    expect(usdToCents(input)).toBe(cents);
  });

  test("summing cents is exact where floats drift", () => {
    const values = Array.from({ length: 1000 }, () => "0.1000");
    expect(values.reduce((s, v) => s + usdToCents(v), 0)).toBe(10000);
  });
});

test("every catalog game answers current players", async () => {
  const { steam } = steamTestDeps();
  for (const g of GAMES) expect(await steam.currentPlayers(g.appId)).toBeGreaterThanOrEqual(0);
});
