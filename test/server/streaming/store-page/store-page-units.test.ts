import { describe, expect, test } from "bun:test";
import {
  BroadcastCheckError,
  parseBroadcastInfo,
} from "@server/features/streaming/store-page/broadcast-info";
import { steamIdFromKey } from "@server/features/streaming/store-page/steam-key";
import { DEFAULT_STORE_PAGE_TIMINGS, verdict } from "@server/features/streaming/store-page/verdict";
import { STORE_PAGE } from "@shared/messages/store-page";

describe("Steam stream key → SteamID64", () => {
  test("adds the account id to Steam's individual-account base, beyond 2^53 without rounding", () => {
    expect(steamIdFromKey("steam_123456_a1b2c3")).toBe("76561197960389184");
    expect(steamIdFromKey("steam_1_x")).toBe("76561197960265729");
    // The largest 32-bit account id; a Number would round this.
    expect(steamIdFromKey("steam_4294967295_abc")).toBe("76561202255233023");
  });

  test("a key in any other form has no account", () => {
    for (const key of [
      "",
      "live_123_abc",
      "steam_abc_123",
      "steam_123",
      "steam_0_abc",
      "steam_4294967296_abc",
      "steam_12345678901_abc",
      "steam_123_abc/other",
      "steam_123_ab c",
      "STEAM_123_abc",
    ])
      expect(steamIdFromKey(key)).toBeNull();
  });
});

describe("getbroadcastinfo's answer, parsed strictly", () => {
  test("the shape Steam's client reads: appid as a decimal string", () => {
    const live = {
      success: 1,
      is_online: true,
      title: "Starfall Outpost",
      appid: "2456740",
      app_title: "Starfall Outpost",
      thumbnail_url: "",
      viewer_count: 3,
      update_interval: 30,
    };
    expect(parseBroadcastInfo(live)).toEqual({ online: true, appId: 2456740, appTitle: "Starfall Outpost" });
    expect(parseBroadcastInfo({ success: 1, is_online: false, appid: "0" })).toEqual({
      online: false,
      appId: 0,
      appTitle: null,
    });
  });

  test("anything else is not understood, never guessed", () => {
    for (const body of [
      null,
      "online",
      [],
      {},
      { success: 2, is_online: true, appid: "1" },
      { is_online: "true", appid: "1" },
      { is_online: 1 },
      { is_online: true, appid: "12abc" },
      { is_online: true, appid: -4 },
      { is_online: true },
      { is_online: true, appid: "1", app_title: 7 },
    ]) {
      let error: unknown = null;
      try {
        parseBroadcastInfo(body);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(BroadcastCheckError);
      expect((error as BroadcastCheckError).misunderstood).toBe(true);
    }
  });
});

describe("the states", () => {
  const t = DEFAULT_STORE_PAGE_TIMINGS;
  const at = (ms: number, info: { online: boolean; appId: number | null; appTitle: string | null } | null) =>
    verdict({
      check: info ? { at: ms, ok: true, info } : null,
      projectAppId: 2456740,
      waitingSince: 0,
      now: ms,
      timings: t,
    });
  const offline = { online: false, appId: null, appTitle: null };

  test("Pushed is normal for a minute, then says Steam is slow, and is Not shown after two", () => {
    expect(at(0, null)).toMatchObject({ state: "pushed", reason: STORE_PAGE.waitingForSteam });
    expect(at(60_000, offline)).toMatchObject({ state: "pushed", reason: STORE_PAGE.waitingForSteam });
    expect(at(60_001, offline)).toMatchObject({ state: "pushed", reason: STORE_PAGE.slowSteam });
    expect(at(120_000, offline).state).toBe("pushed");
    expect(at(120_001, offline)).toMatchObject({ state: "not_shown", reason: STORE_PAGE.neverShown });
  });

  test("online for the project's app is the store page; another app names that game", () => {
    expect(at(5000, { online: true, appId: 2456740, appTitle: "Starfall Outpost" }).state).toBe(
      "on_store_page",
    );
    expect(at(5000, { online: true, appId: 570, appTitle: "Dota 2" })).toMatchObject({
      state: "other_app",
      appId: 570,
      appTitle: "Dota 2",
      reason: STORE_PAGE.shownElsewhere("Dota 2"),
    });
    // Long after the start, online still wins: Not shown is only for a stream Steam does not show.
    expect(at(600_000, { online: true, appId: 2456740, appTitle: null }).state).toBe("on_store_page");
  });

  test("a failed check is Unknown with a plain reason", () => {
    const v = verdict({
      check: { at: 0, ok: false, misunderstood: false },
      projectAppId: 1,
      waitingSince: 0,
      now: 0,
      timings: t,
    });
    expect(v).toEqual({ state: "unknown", appId: null, appTitle: null, reason: STORE_PAGE.checkFailed });
  });
});
