import { afterAll, expect, test } from "bun:test";
import { seedDemo } from "@server/demo/seed";
import { getCompare } from "@server/features/analytics/watchlist/compare";
import { DetailsSampler } from "@server/features/analytics/watchlist/details-sampler";
import { users, watchlistApps } from "@server/platform/db/schema";
import { ESTIMATES } from "@shared/messages/watchlist";
import type { SessionUser } from "@shared/types";
import { startFakeSteamServer } from "../../fakes/steam/server";
import { testDeps } from "../../support/server";

// The demo's watch list against the fake Steam over real loopback HTTP: seeded once, with enough
// history for the Compare card, and the fake store answering appdetails like the real one.

const clock = Date.parse(`${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}T12:00:00Z`);
const steam = startFakeSteamServer({ partnerKey: "demo-key", salesDays: 30, now: () => clock });
afterAll(() => steam.stop());

test("the demo watches the other fake games, and the Compare answer has players, reviews, prices and estimates", async () => {
  const deps = testDeps({ ...steam.env, STEAM_PARTNER_API_KEY: "demo-key" }, { now: () => clock });
  const seeded = await seedDemo(deps);
  expect(seeded.watched).toBe(4);
  const again = await seedDemo(deps);
  expect(again.watched).toBe(4);
  expect(await deps.db.select().from(watchlistApps)).toHaveLength(4);
  const run = await new DetailsSampler(deps, { setInterval: () => 1, clearInterval: () => {} }).runOnce();
  expect(run.stored.length).toBeGreaterThanOrEqual(5);
  const [admin] = await deps.db.select().from(users);
  const user = { id: admin!.id, role: "admin", org_id: null } as unknown as SessionUser;
  const answer = await getCompare(deps, user, { projectId: seeded.projects[0]!.id, days: 90 });
  expect(answer.games).toHaveLength(5);
  expect(answer.games[0]!.own).toBe(true);
  for (const g of answer.games) {
    expect(g.players.length).toBeGreaterThan(30);
    expect(g.players[0]!.index).toBe(100);
    expect(g.estimate!.high).toBe(g.latest.totalReviews! * 60);
    expect(g.prices.length).toBeGreaterThan(30);
  }
  expect(answer.games.some((g) => g.prices.some((p) => p.discountPercent > 0))).toBe(true);
  expect(answer.median.totalReviews).not.toBeNull();
  expect(answer.method).toBe(ESTIMATES.method);
}, 120_000);
