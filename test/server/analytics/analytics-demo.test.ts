import { afterAll, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { seedDemo } from "@server/demo/seed";
import { getOverview } from "@server/features/analytics/analytics";
import { getReviews } from "@server/features/analytics/reviews/reviews";
import { saleEvents } from "@server/features/analytics/sales/sale-events";
import { refunds } from "@server/features/analytics/sales/sales-refunds";
import { getWishlists } from "@server/features/analytics/wishlists/wishlists";
import { destinationUptime } from "@server/features/health/health";
import {
  destinations,
  healthSamples,
  mediaFiles,
  organizations,
  playlistItems,
  playlists,
  projects,
  schedules,
  steamPlayerSamples,
  steamReviewDays,
  steamSales,
  steamWishlistDays,
  streams,
  users,
  webhookDeliveries,
  webhooks,
} from "@server/platform/db/schema";
import { eq } from "drizzle-orm";
import { startFakeSteamServer } from "../../fakes/steam/server";
import { testDeps } from "../../support/server";

// The demo's seed against the fake Steam over real loopback HTTP (no msw): everything lands once,
// and a second run adds nothing.

// Yesterday at noon UTC: right after midnight today's player chart would still be empty.
let clock = Date.parse(`${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}T12:00:00Z`);
const steam = startFakeSteamServer({ partnerKey: "demo-key", salesDays: 90, now: () => clock });
afterAll(() => steam.stop());

test("seedDemo fills an empty console, then is idempotent", async () => {
  const deps = testDeps({ ...steam.env, STEAM_PARTNER_API_KEY: "demo-key" }, { now: () => clock });
  const first = await seedDemo(deps);
  expect(first.videoMade).toBe(true);
  // Every 5 minutes (the default STEAM_SAMPLE_MINUTES) for 30 days, for both demo games.
  expect(first.samples).toBe(2 * 30 * 24 * 12);
  expect(first.salesDates).toBe(90);
  expect(first.salesRows).toBeGreaterThan(1000);
  // Both financial projects' games: the fake's 60 days each.
  expect(first.wishlistDays).toBe(2 * 60);

  const org = deps.db.select().from(organizations).where(eq(organizations.slug, "demo-studio")).get()!;
  expect(org.name).toBe("Demo Studio");
  expect(
    deps.db
      .select()
      .from(users)
      .where(eq(users.orgId, org.id))
      .all()
      .map((u) => u.role),
  ).toEqual(["manager", "developer"]);
  const [video] = deps.db.select().from(mediaFiles).all();
  expect(video).toMatchObject({ kind: "video", videoCodec: "h264", audioCodec: "aac", steamReady: true });
  expect(existsSync(join(deps.env.DATA_DIR, "media", video!.storedName))).toBe(true);

  const starfall = deps.db.select().from(projects).where(eq(projects.name, "Starfall Outpost")).get()!;
  const admin = {
    id: 0,
    name: "a",
    email: "a@x",
    role: "admin" as const,
    org_id: null,
    org_name: null,
    canCreateProjects: true,
  };
  const o = getOverview(deps, admin, { projectId: starfall.id, days: 30 });
  expect(o.hasData).toBe(true);
  expect(o.playerMetrics.every((m) => m.samples > 0)).toBe(true);
  expect(o.summary.totalAchievements).toBe(10);
  expect(o.financial!.dataSummary.daysWithData).toBe(30);
  expect(o.financial!.currentMetrics.totalRevenue).toBeGreaterThan(0);
  const w = getWishlists(deps, admin, { projectId: starfall.id, days: 30 });
  expect(w).toMatchObject({ financialEnabled: true, hasData: true });
  expect(w.totals.adds).toBeGreaterThan(0);
  expect(w.topCountries.length).toBeGreaterThan(3);
  // The demo's sales carry discount periods and refund spikes for the sales cards.
  const { events } = saleEvents(deps, admin, { projectId: starfall.id });
  expect(new Set(events.map((e) => e.combinedDiscountId)).size).toBeGreaterThanOrEqual(2);
  expect(refunds(deps, admin, { projectId: starfall.id, days: 90 }).days.some((d) => d.spike)).toBe(true);
  // Half a year of daily peaks (older days from the daily rows) and of review summaries.
  const half = getOverview(deps, admin, { projectId: starfall.id, days: 180 });
  expect(half.playerMetrics.slice(0, -1).every((m) => m.dailyPeak > 0)).toBe(true);
  const reviews = getReviews(deps, admin, { projectId: starfall.id, days: 181 });
  expect(reviews.trend).toHaveLength(180);
  expect(reviews.latest!.percentPositive).toBeGreaterThan(50);
  expect(new Set(reviews.trend.map((d) => d.scoreDescription)).size).toBeGreaterThan(1);

  const counts = () => ({
    samples: deps.db.select().from(steamPlayerSamples).all().length,
    reviewDays: deps.db.select().from(steamReviewDays).all().length,
    sales: deps.db.select().from(steamSales).all().length,
    projects: deps.db.select().from(projects).all().length,
    media: deps.db.select().from(mediaFiles).all().length,
    users: deps.db.select().from(users).all().length,
    destinations: deps.db.select().from(destinations).all().length,
    streams: deps.db.select().from(streams).all().length,
    webhooks: deps.db.select().from(webhooks).all().length,
    playlists: deps.db.select().from(playlists).all().length,
    schedules: deps.db.select().from(schedules).all().length,
    healthSamples: deps.db.select().from(healthSamples).all().length,
    wishlistDays: deps.db.select().from(steamWishlistDays).all().length,
  });
  // The Streaming page has a destination and a history to show; nothing is live.
  expect(deps.db.select().from(destinations).all()).toHaveLength(1);
  const history = deps.db.select().from(streams).all();
  expect(history.map((h) => h.status).sort()).toEqual(["error", "stopped", "stopped"]);
  // A playlist of the two clips, a broadcast window for it ahead, and a week of uptime and health.
  const [loop] = deps.db.select().from(playlists).all();
  expect(loop?.name).toBe("Next Fest Loop");
  expect(deps.db.select().from(playlistItems).all()).toHaveLength(2);
  const [window] = deps.db.select().from(schedules).all();
  expect(window).toMatchObject({ kind: "once", playlistId: loop!.id });
  expect(window!.startsAt!).toBeGreaterThan(clock);
  const uptime = destinationUptime(deps, admin, history[0]!.destinationId!, 7);
  expect(uptime.failures).toBeGreaterThanOrEqual(2);
  expect(uptime.intended_seconds).toBeGreaterThan(6 * 86_400);
  expect(uptime.uptime_percent).toBeGreaterThan(95);
  expect(uptime.uptime_percent).toBeLessThan(100);
  const newest = history.sort((a, b) => b.startedAt - a.startedAt)[0]!;
  const samples = deps.db.select().from(healthSamples).where(eq(healthSamples.streamId, newest.id)).all();
  // Raw every 10 s for the last day, 5-minute rows before.
  expect(samples.some((r) => r.span === 10)).toBe(true);
  expect(samples.some((r) => r.span === 300)).toBe(true);
  // The settings card has a webhook with a delivery log to show.
  expect(deps.db.select().from(webhooks).all()).toHaveLength(1);
  expect(deps.db.select().from(webhookDeliveries).all().length).toBeGreaterThan(0);
  const before = counts();
  const second = await seedDemo(deps);
  expect(second).toMatchObject({ videoMade: false, samples: 0, salesDates: 2 });
  expect(counts()).toEqual(before);

  // Restarted an hour later: the hour's samples are filled in, nothing else is added.
  clock += 60 * 60_000;
  const later = await seedDemo(deps);
  expect(later.samples).toBe(2 * 12);
  // (Sales are left out here: today's figures grow during the day, as Steam's do.)
  const { sales: _sales, ...rest } = counts();
  const { sales: _before, ...restBefore } = before;
  expect(rest).toEqual({ ...restBefore, samples: restBefore.samples + 24 });
}, 120_000);
