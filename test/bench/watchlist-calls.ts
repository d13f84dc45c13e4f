// Calls to Steam a watch list costs: one project with its own game and a full watch list of 20 apps,
// the real samplers (players on every STEAM_SAMPLE_MINUTES round, reviews and appdetails checked
// every hour, read once a UTC day) run over one simulated day against the fake Steam on loopback,
// counting every request the fake receives. 5 of the apps are games the fake knows; the other 16 are
// unknown to it, as a worst case: an unknown app still costs its call every round.
// Budget: Steam's Web API terms allow 100,000 calls a day per key; the public store endpoints have
// no published figure, so the store calls are held to one per app per day.
// It prints the figures beside the budget and asserts nothing.
// Run: bun test/bench/watchlist-calls.ts   (env: STEAM_SAMPLE_MINUTES=5)
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDeps } from "@server/deps";
import { Sampler } from "@server/features/analytics/players/sampler";
import { ReviewSampler } from "@server/features/analytics/reviews/review-sampler";
import { DetailsSampler } from "@server/features/analytics/watchlist/details-sampler";
import { organizations, projects, watchlistApps } from "@server/platform/db/schema";
import { loadEnv } from "@server/platform/env";
import { configureLogger } from "@server/platform/log";
import { WATCHLIST_MAX } from "@shared/messages/watchlist";
import { GAMES } from "@test/fakes/steam/catalog";
import { startFakeSteamServer } from "@test/fakes/steam/server";

// The unknown apps fail every round by design; their warnings would bury the figures.
configureLogger({ level: "error" });

const MINUTES = Number(process.env.STEAM_SAMPLE_MINUTES ?? 5);
const WEB_API_DAILY_BUDGET = 100_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let clock = Date.parse("2026-11-20T00:00:00Z");
const steam = startFakeSteamServer({ now: () => clock });
const dataDir = mkdtempSync(join(tmpdir(), "watchlist-calls-"));
const deps = createDeps(loadEnv({ DATA_DIR: dataDir, ...steam.env, STEAM_SAMPLE_MINUTES: String(MINUTES) }), {
  now: () => clock,
});
const idle = { setInterval: () => 1, clearInterval: () => {} };

const [org] = await deps.db
  .insert(organizations)
  .values({ name: "Bench studio", slug: "bench-studio" })
  .returning();
const own = GAMES[0]!.appId;
const [project] = await deps.db
  .insert(projects)
  .values({ name: "Bench", orgId: org!.id, steamAppId: own, steamAnalyticsEnabled: true })
  .returning();
const known = GAMES.slice(1).map((g) => g.appId);
const unknown = Array.from({ length: WATCHLIST_MAX - known.length }, (_, i) => 9_000_000 + i);
for (const appId of [...known, ...unknown])
  await deps.db
    .insert(watchlistApps)
    .values({ projectId: project!.id, appId, name: `App ${appId}`, addedAt: 0 });

const players = new Sampler(deps, idle);
const reviews = new ReviewSampler(deps, idle);
const details = new DetailsSampler(deps, idle);
const start = clock;
const started = performance.now();
for (let t = start; t < start + DAY; t += MINUTES * 60_000) {
  clock = t;
  await players.runOnce();
  if ((t - start) % HOUR === 0) {
    await reviews.runOnce();
    await details.runOnce();
  }
}
const seconds = (performance.now() - started) / 1000;
steam.stop();
rmSync(dataDir, { recursive: true, force: true });

const count = (part: string) => steam.fake.calls(part).length;
const apps = 1 + WATCHLIST_MAX;
const rounds = (24 * 60) / MINUTES;
const rows = [
  ["current players (Web API)", count("GetNumberOfCurrentPlayers"), apps * rounds],
  ["review summary (store)", count("/appreviews/"), apps],
  ["appdetails (store)", count("/api/appdetails"), apps],
] as const;
console.log(
  `Watch list of ${WATCHLIST_MAX} apps + the project's own game, one day, a round every ${MINUTES} min`,
);
for (const [what, n, expected] of rows)
  console.log(
    `  ${what.padEnd(28)} ${String(n).padStart(6)} calls/day${expected ? `  (${apps} apps × ${expected / apps})` : ""}`,
  );
const total = rows.reduce((s, r) => s + r[1], 0);
console.log(`  ${"total".padEnd(28)} ${String(total).padStart(6)} calls/day`);
console.log(
  `  Web API share of the daily budget: ${rows[0][1]} of ${WEB_API_DAILY_BUDGET} (${((rows[0][1] / WEB_API_DAILY_BUDGET) * 100).toFixed(1)}%)`,
);
console.log(
  `  store calls per app per day: reviews ${(rows[1][1] / apps).toFixed(2)}, appdetails ${(rows[2][1] / apps).toFixed(2)} (budget 1)`,
);
console.log(`  simulated in ${seconds.toFixed(1)} s`);
