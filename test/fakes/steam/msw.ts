import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { createSteamFake, type SteamFakeOptions } from "./fake";

// msw over the fake: every request to the three Steam bases goes to fake.handle. Loopback requests
// pass through (the console's own test servers); anything else unhandled is an error.

export const STEAM_BASES = {
  STEAM_API_BASE: "https://api.steampowered.com",
  STEAM_STORE_BASE: "https://store.steampowered.com",
  STEAM_PARTNER_BASE: "https://partner.steam-api.com",
  STEAM_COMMUNITY_BASE: "https://steamcommunity.com",
};

const isLoopback = (url: string) => {
  const host = new URL(url).hostname;
  return host === "127.0.0.1" || host === "localhost" || host === "[::1]";
};

export function steamHandlers(fake: ReturnType<typeof createSteamFake>, bases = STEAM_BASES) {
  return Object.values(bases).map((base) => http.get(`${base}/*`, ({ request }) => fake.handle(request)));
}

/** Starts msw with a fresh fake; call `stop()` in afterAll. `reset(options)` swaps in a new fake. */
export function startSteamMsw(options: SteamFakeOptions = {}) {
  let fake = createSteamFake(options);
  const server = setupServer(
    ...Object.values(STEAM_BASES).map((base) => http.get(`${base}/*`, ({ request }) => fake.handle(request))),
    // Steam is GET-only; anything else to those hosts is a bug in the client.
    ...Object.values(STEAM_BASES).map((base) =>
      http.all(`${base}/*`, () => HttpResponse.text("Method Not Allowed", { status: 405 })),
    ),
  );
  server.listen({
    onUnhandledRequest(request, print) {
      if (isLoopback(request.url)) return;
      print.error();
    },
  });
  return {
    get fake() {
      return fake;
    },
    reset(next: SteamFakeOptions = options) {
      fake = createSteamFake(next);
      return fake;
    },
    stop: () => server.close(),
  };
}
