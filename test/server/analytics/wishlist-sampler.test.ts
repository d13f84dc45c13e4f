import { afterAll, beforeEach, expect, test } from "bun:test";
import { WishlistSampler } from "@server/features/analytics/wishlists/wishlist-sampler";
import { projects, steamWishlistDays } from "@server/platform/db/schema";
import { eq } from "drizzle-orm";
import { steamTestDeps } from "../../fakes/steam/deps";
import { startSteamMsw } from "../../fakes/steam/msw";
import { knownWishlists, WISHLIST_APP } from "../../fakes/steam/wishlist-fixtures";
import { makeOrg, makeProject } from "../../support/server";

// Wishlists arrive every day without anyone pressing a sync button: once a UTC day per app with
// financial analytics on, never twice the same day, again the next day.

let now = Date.parse("2026-11-20T20:00:00Z");
const base = { now: () => now, sales: {} };
const msw = startSteamMsw({ ...base, wishlists: knownWishlists() });
afterAll(() => msw.stop());
beforeEach(() => {
  now = Date.parse("2026-11-20T20:00:00Z");
  msw.reset({ ...base, wishlists: knownWishlists() });
});
const idle = { setInterval: () => 0, clearInterval: () => {} };
const calls = () => msw.fake.calls("GetAppWishlistReporting").length;

async function world(financial: boolean, env: Record<string, string> = {}) {
  const deps = steamTestDeps(env, { now: () => now });
  const project = await makeProject(deps, { orgId: (await makeOrg(deps)).id, name: "Starfall" });
  await deps.db
    .update(projects)
    .set({ steamAppId: WISHLIST_APP, steamAnalyticsEnabled: true, financialAnalyticsEnabled: financial })
    .where(eq(projects.id, project.id));
  return { deps, sampler: new WishlistSampler(deps, idle) };
}

test("once a day per app with financial analytics on: stored, not repeated the same day, again the next", async () => {
  const w = await world(true);
  expect(await w.sampler.runOnce()).toEqual({ synced: [WISHLIST_APP], failed: [] });
  const stored = (await w.deps.db.select().from(steamWishlistDays)).length;
  expect(stored).toBeGreaterThan(0);
  const first = calls();
  expect(await w.sampler.runOnce()).toEqual({ synced: [], failed: [] });
  expect(calls()).toBe(first);
  now += 86_400_000;
  expect(await w.sampler.runOnce()).toEqual({ synced: [WISHLIST_APP], failed: [] });
  expect(calls()).toBeGreaterThan(first);
});

test("nothing without financial analytics or without a partner key", async () => {
  expect(await (await world(false)).sampler.runOnce()).toEqual({ synced: [], failed: [] });
  expect(await (await world(true, { STEAM_PARTNER_API_KEY: "" })).sampler.runOnce()).toEqual({
    synced: [],
    failed: [],
  });
  expect(calls()).toBe(0);
});
