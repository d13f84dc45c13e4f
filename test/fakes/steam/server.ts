import { createSteamFake, type SteamFakeOptions } from "./fake";

// The fake Steam as a real HTTP server on loopback, for the demo and the browser test: the console
// is pointed at it through STEAM_API_BASE, STEAM_STORE_BASE, STEAM_PARTNER_BASE and STEAM_COMMUNITY_BASE.

export function startFakeSteamServer(options: SteamFakeOptions & { port?: number } = {}) {
  const fake = createSteamFake(options);
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: options.port ?? 0,
    fetch: (req) => fake.handle(req),
  });
  const url = `http://127.0.0.1:${server.port}`;
  return {
    fake,
    url,
    env: { STEAM_API_BASE: url, STEAM_STORE_BASE: url, STEAM_PARTNER_BASE: url, STEAM_COMMUNITY_BASE: url },
    stop: () => server.stop(true),
  };
}
