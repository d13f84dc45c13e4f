// Steam's community endpoint for a broadcaster's broadcast, faked per SteamID64. Valve does not
// document it: the shape is the one Steam's own community web client reads (`success`, `is_online`,
// `appid` as a decimal string, `app_title`, `title`, `viewer_count`, `update_interval`…), as found in
// its published scripts and in open-source clients of the endpoint. An account nobody set answers
// offline; a broadcast set on can also be given a function of the request count, so a demo account
// can come and go.

export interface FakeBroadcast {
  online: boolean;
  appId?: number;
  appTitle?: string;
}

export type BroadcastSetting = FakeBroadcast | ((askedTimes: number) => FakeBroadcast);

export function createBroadcastFake() {
  const accounts = new Map<string, BroadcastSetting>();
  const asked = new Map<string, number>();

  function answer(url: URL): Response {
    const steamId = url.searchParams.get("steamid") ?? "";
    const times = (asked.get(steamId) ?? 0) + 1;
    asked.set(steamId, times);
    const setting = accounts.get(steamId);
    const b = typeof setting === "function" ? setting(times) : (setting ?? { online: false });
    const body = b.online
      ? {
          success: 1,
          is_online: true,
          title: b.appTitle ?? "",
          appid: String(b.appId ?? 0),
          app_title: b.appTitle ?? "",
          thumbnail_url: "",
          viewer_count: 12,
          update_interval: 30,
        }
      : { success: 1, is_online: false, title: "", appid: "0", app_title: "", viewer_count: 0 };
    return new Response(JSON.stringify(body), {
      headers: { "content-type": "application/json; charset=utf-8" },
    });
  }

  return {
    answer,
    /** What Steam says about this SteamID64 from now on. */
    set: (steamId: string, setting: BroadcastSetting) => void accounts.set(steamId, setting),
    /** How often the account was asked about. */
    asked: (steamId: string) => asked.get(steamId) ?? 0,
  };
}
