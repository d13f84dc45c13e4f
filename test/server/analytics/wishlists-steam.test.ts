import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { SteamError } from "@server/features/analytics/steam/errors";
import { parseWishlistResponse } from "@server/features/analytics/steam/wishlists";
import { steamTestDeps } from "../../fakes/steam/deps";
import { startSteamMsw } from "../../fakes/steam/msw";
import { knownWishlists, UNWISHED_APP, WISHLIST_APP } from "../../fakes/steam/wishlist-fixtures";

// GetAppWishlistReporting through the real client against the msw fake, in Steam's shapes.

const NOW = Date.parse("2026-11-20T20:00:00Z");
const options = {
  now: () => NOW,
  sales: {},
  wishlists: knownWishlists(),
  noPermissionKeys: ["no-financial"],
};
const msw = startSteamMsw(options);
afterAll(() => msw.stop());
beforeEach(() => msw.reset(options));

describe("GetAppWishlistReporting", () => {
  test("sends key, appid and date to the partner base and reads summary, platforms and countries", async () => {
    const deps = steamTestDeps();
    const report = await deps.steam.wishlistReport(WISHLIST_APP, "2026-11-19");
    const url = msw.fake.calls("GetAppWishlistReporting")[0]!;
    expect(url.origin + url.pathname).toBe(
      "https://partner.steam-api.com/IPartnerFinancialsService/GetAppWishlistReporting/v001/",
    );
    expect(url.searchParams.get("key")).toBe("fake-partner-key");
    expect(url.searchParams.get("appid")).toBe(String(WISHLIST_APP));
    expect(url.searchParams.get("date")).toBe("2026-11-19");
    expect(report).toEqual({
      date: "2026-11-19",
      appMinDate: "2026-11-14",
      summary: { adds: 12, deletes: 3, purchases: 2, gifts: 1, addsWindows: 10, addsMac: 1, addsLinux: 1 },
      countries: [
        { countryCode: "US", adds: 4, deletes: 0, purchases: 2, gifts: 1 },
        { countryCode: "BR", adds: 8, deletes: 3, purchases: 0, gifts: 0 },
      ],
    });
  });

  test("today has no summary yet but still tells the app's first date", async () => {
    const report = await steamTestDeps().steam.wishlistReport(WISHLIST_APP, "2026-11-20");
    expect(report.summary).toBeNull();
    expect(report.appMinDate).toBe("2026-11-14");
  });

  test("an app nobody wishlisted: no summary, no first date, no error", async () => {
    const report = await steamTestDeps().steam.wishlistReport(UNWISHED_APP, "2026-11-19");
    expect(report).toEqual({ date: "2026-11-19", appMinDate: null, summary: null, countries: [] });
  });

  test("a key without the financial permission (empty response) is the no-permission error", async () => {
    const deps = steamTestDeps({ STEAM_PARTNER_API_KEY: "no-financial" });
    const err = await deps.steam.wishlistReport(WISHLIST_APP, "2026-11-19").catch((e) => e);
    expect(err).toBeInstanceOf(SteamError);
    expect(err.kind).toBe("no_permission");
    expect(err.message).toBe(
      "The Partner API key has no access to financial data (Steam answered an empty response)",
    );
  });

  test("a rejected key (HTML 403) is the key-rejected error", async () => {
    const deps = steamTestDeps({ STEAM_PARTNER_API_KEY: "wrong" });
    const err = await deps.steam.wishlistReport(WISHLIST_APP, "2026-11-19").catch((e) => e);
    expect(err.kind).toBe("key_rejected");
  });
});

describe("tolerant parsing", () => {
  test("missing, negative or odd fields become null; bad country entries are skipped", () => {
    const report = parseWishlistResponse(
      {
        date: "2026-11-19",
        app_min_date: 20251101,
        wishlist_summary: { wishlist_adds: "7", wishlist_deletes: -2, wishlist_gifts: "x" },
        country_summary: [
          { country_code: "de", summary_actions: { wishlist_adds: 3 } },
          { country_name: "Nowhere" },
          "junk",
          { country_code: "FR" },
        ],
        language_summary: [{ language: 0 }],
      },
      "2026-11-19",
    );
    expect(report).toEqual({
      date: "2026-11-19",
      appMinDate: null,
      summary: {
        adds: 7,
        deletes: null,
        purchases: null,
        gifts: null,
        addsWindows: null,
        addsMac: null,
        addsLinux: null,
      },
      countries: [
        { countryCode: "DE", adds: 3, deletes: null, purchases: null, gifts: null },
        { countryCode: "FR", adds: null, deletes: null, purchases: null, gifts: null },
      ],
    });
  });

  test("a summary that is not an object counts as no summary", () => {
    const report = parseWishlistResponse({ wishlist_summary: [1, 2], country_summary: {} }, "2026-11-19");
    expect(report.summary).toBeNull();
    expect(report.countries).toEqual([]);
  });
});
