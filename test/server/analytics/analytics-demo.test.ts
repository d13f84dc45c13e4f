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
  // Yesterday's deletes spike, overall and in Germany: two unusual days for the first game.
  expect(first.anomalies).toBe(2);

  const org = (await deps.db.select().from(organizations).where(eq(organizations.slug, "demo-studio")))[0]!;
  expect(org.name).toBe("Demo Studio");
  expect((await deps.db.select().from(users).where(eq(users.orgId, org.id))).map((u) => u.role)).toEqual([
    "manager",
    "developer",
  ]);
  const [video] = await deps.db.select().from(mediaFiles);
  expect(video).toMatchObject({ kind: "video", videoCodec: "h264", audioCodec: "aac", steamReady: true });
  expect(existsSync(join(deps.env.DATA_DIR, "media", video!.storedName))).toBe(true);

  const starfall = (await deps.db.select().from(projects).where(eq(projects.name, "Starfall Outpost")))[0]!;
  const admin = {
    id: 0,
    name: "a",
    email: "a@x",
    role: "admin" as const,
    org_id: null,
    org_name: null,
    canCreateProjects: true,
  };
  const o = await getOverview(deps, admin, { projectId: starfall.id, days: 30 });
  expect(o.hasData).toBe(true);
  expect(o.playerMetrics.every((m) => m.samples > 0)).toBe(true);
  expect(o.summary.totalAchievements).toBe(10);
  expect(o.financial!.dataSummary.daysWithData).toBe(30);
  expect(o.financial!.currentMetrics.totalRevenue).toBeGreaterThan(0);
  const w = await getWishlists(deps, admin, { projectId: starfall.id, days: 30 });
  expect(w).toMatchObject({ financialEnabled: true, hasData: true });
  expect(w.totals.adds).toBeGreaterThan(0);
  expect(w.topCountries.length).toBeGreaterThan(3);
  // The demo's sales carry discount periods and refund spikes for the sales cards.
  const { events } = await saleEvents(deps, admin, { projectId: starfall.id });
  expect(new Set(events.map((e) => e.combinedDiscountId)).size).toBeGreaterThanOrEqual(2);
  expect((await refunds(deps, admin, { projectId: starfall.id, days: 90 })).days.some((d) => d.spike)).toBe(
    true,
  );
  // Half a year of daily peaks (older days from the daily rows) and of review summaries.
  const half = await getOverview(deps, admin, { projectId: starfall.id, days: 180 });
  expect(half.playerMetrics.slice(0, -1).every((m) => m.dailyPeak > 0)).toBe(true);
  const reviews = await getReviews(deps, admin, { projectId: starfall.id, days: 181 });
  expect(reviews.trend).toHaveLength(180);
  expect(reviews.latest!.percentPositive).toBeGreaterThan(50);
  expect(new Set(reviews.trend.map((d) => d.scoreDescription)).size).toBeGreaterThan(1);

  const counts = async () => ({
    samples: (await deps.db.select().from(steamPlayerSamples)).length,
    reviewDays: (await deps.db.select().from(steamReviewDays)).length,
    sales: (await deps.db.select().from(steamSales)).length,
    projects: (await deps.db.select().from(projects)).length,
    media: (await deps.db.select().from(mediaFiles)).length,
    users: (await deps.db.select().from(users)).length,
    destinations: (await deps.db.select().from(destinations)).length,
    streams: (await deps.db.select().from(streams)).length,
    webhooks: (await deps.db.select().from(webhooks)).length,
    playlists: (await deps.db.select().from(playlists)).length,
    schedules: (await deps.db.select().from(schedules)).length,
    healthSamples: (await deps.db.select().from(healthSamples)).length,
    wishlistDays: (await deps.db.select().from(steamWishlistDays)).length,
  });
  // The Streaming page has a destination and a history to show; nothing is live.
  expect(await deps.db.select().from(destinations)).toHaveLength(1);
  const history = await deps.db.select().from(streams);
  expect(history.map((h) => h.status).sort()).toEqual(["error", "stopped", "stopped"]);
  // A playlist of the two clips, a broadcast window for it ahead, and a week of uptime and health.
  const [loop] = await deps.db.select().from(playlists);
  expect(loop?.name).toBe("Next Fest Loop");
  expect(await deps.db.select().from(playlistItems)).toHaveLength(2);
  const [window] = await deps.db.select().from(schedules);
  expect(window).toMatchObject({ kind: "once", playlistId: loop!.id });
  expect(window!.startsAt!).toBeGreaterThan(clock);
  const uptime = await destinationUptime(deps, admin, history[0]!.destinationId!, 7);
  expect(uptime.failures).toBeGreaterThanOrEqual(2);
  expect(uptime.intended_seconds).toBeGreaterThan(6 * 86_400);
  expect(uptime.uptime_percent).toBeGreaterThan(95);
  expect(uptime.uptime_percent).toBeLessThan(100);
  const newest = history.sort((a, b) => b.startedAt - a.startedAt)[0]!;
  const samples = await deps.db.select().from(healthSamples).where(eq(healthSamples.streamId, newest.id));
  // Raw every 10 s for the last day, 5-minute rows before.
  expect(samples.some((r) => r.span === 10)).toBe(true);
  expect(samples.some((r) => r.span === 300)).toBe(true);
  // The settings card has a webhook with a delivery log to show.
  expect(await deps.db.select().from(webhooks)).toHaveLength(1);
  expect((await deps.db.select().from(webhookDeliveries)).length).toBeGreaterThan(0);
  const before = await counts();
  const second = await seedDemo(deps);
  expect(second).toMatchObject({ videoMade: false, samples: 0, salesDates: 2, anomalies: 0 });
  expect(await counts()).toEqual(before);

  // Restarted an hour later: the hour's samples are filled in, nothing else is added.
  clock += 60 * 60_000;
  const later = await seedDemo(deps);
  expect(later.samples).toBe(2 * 12);
  // (Sales are left out here: today's figures grow during the day, as Steam's do.)
  const { sales: _sales, ...rest } = await counts();
  const { sales: _before, ...restBefore } = before;
  expect(rest).toEqual({ ...restBefore, samples: restBefore.samples + 24 });
}, 120_000);
