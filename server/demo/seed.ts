import type { AppDeps } from "@server/deps";
import { refreshAchievements, refreshNews } from "@server/features/analytics/analytics-steam";
import { foldSample } from "@server/features/analytics/players/player-history";
import { datesToFetch, fetchDates, refreshChangedDates } from "@server/features/analytics/sales/sales";
import { addDays, dayRange, pacificDate } from "@server/features/analytics/steam/dates";
import { syncAppWishlists } from "@server/features/analytics/wishlists/wishlist-sync";
import { hashPassword } from "@server/features/auth/password";
import { organizations, projects, steamPlayerSamples, users } from "@server/platform/db/schema";
import { DEMO_APP_ID, gameById } from "@test/fakes/steam/catalog";
import { playersAt } from "@test/fakes/steam/data";
import { and, eq, max, min } from "drizzle-orm";
import { ensureDemoAnomaly } from "./anomalies";
import { ensureDemoPlaylistWindow } from "./playlist-window";
import { ensureOlderDailyPeaks, ensureReviewHistory } from "./steam-history";
import { ensureDemoStreaming } from "./streams";
import { DEMO_TEASER, ensureDemoVideo } from "./video";
import { ensureDemoWatchlist } from "./watchlist";
import { ensureDemoWebhook } from "./webhooks";

// Demo data, seeded idempotently (a second run adds only what is missing): an organization with a
// manager and a developer, projects watching fake-Steam games, a trailer, 30 days of player samples
// (the same curve the fake answers live) and 90 days of sales pulled through the real partner sync.

export const DEMO_ORG = { name: "Demo Studio", slug: "demo-studio" };
export const DEMO_PASSWORD = "demo1234";
export const DEMO_USERS = [
  { name: "Maya Manager", email: "manager@demo.studio", role: "manager" as const },
  { name: "Dev Eloper", email: "developer@demo.studio", role: "developer" as const },
];
const DEMO_PROJECTS = [
  {
    name: "Starfall Outpost",
    description: "Co-op base builder on a frozen moon. Steam Next Fest broadcast and launch analytics.",
    url: "https://store.steampowered.com/app/2456740/",
    appId: DEMO_APP_ID,
    financial: true,
  },
  {
    name: "Hollow Lantern",
    description: "Hand-drawn metroidvania. Post-launch support and seasonal sales.",
    url: "https://store.steampowered.com/app/1987650/",
    appId: 1987650,
    financial: true,
  },
];
export const SAMPLE_DAYS = 30;
export const SALES_DAYS = 90;

async function ensureOrg(deps: AppDeps) {
  const [found] = await deps.db.select().from(organizations).where(eq(organizations.slug, DEMO_ORG.slug));
  return found ?? (await deps.db.insert(organizations).values(DEMO_ORG).returning())[0]!;
}

async function ensureUsers(deps: AppDeps, orgId: number) {
  const hash = await hashPassword(DEMO_PASSWORD);
  const made = [];
  for (const u of DEMO_USERS) {
    const [found] = await deps.db.select().from(users).where(eq(users.email, u.email));
    made.push(
      found ??
        (
          await deps.db
            .insert(users)
            .values({ ...u, orgId, passwordHash: hash })
            .returning()
        )[0]!,
    );
  }
  return made;
}

async function ensureProject(
  deps: AppDeps,
  orgId: number,
  createdBy: number,
  p: (typeof DEMO_PROJECTS)[number],
) {
  const [found] = await deps.db
    .select()
    .from(projects)
    .where(and(eq(projects.orgId, orgId), eq(projects.name, p.name)))
    .orderBy(projects.id)
    .limit(1);
  if (found) return found;
  const [made] = await deps.db
    .insert(projects)
    .values({
      name: p.name,
      description: p.description,
      url: p.url,
      orgId,
      createdBy,
      steamAppId: p.appId,
      steamAnalyticsEnabled: true,
      financialAnalyticsEnabled: p.financial,
    })
    .returning();
  return made!;
}

/**
 * Samples every STEAM_SAMPLE_MINUTES over the last 30 days where there are none yet: before the
 * first stored sample and after the last (a demo restarted days later has no hole), never twice.
 */
async function ensureSamples(deps: AppDeps, appId: number): Promise<number> {
  const now = deps.now();
  const step = deps.env.STEAM_SAMPLE_MINUTES * 60_000;
  const [range] = await deps.db
    .select({ first: min(steamPlayerSamples.sampledAt), last: max(steamPlayerSamples.sampledAt) })
    .from(steamPlayerSamples)
    .where(eq(steamPlayerSamples.appId, appId));
  const start = now - SAMPLE_DAYS * 86_400_000;
  const spans: [number, number][] =
    range?.first == null
      ? [[start, now]]
      : [
          [start, range.first],
          [Math.max(start, range.last! + step), now],
        ];
  let added = 0;
  await deps.db.transaction(async (tx) => {
    for (const [from, until] of spans) {
      for (let t = from; t < until; t += step) {
        const players = playersAt(appId, t);
        await tx.insert(steamPlayerSamples).values({ appId, sampledAt: t, playerCount: players });
        await foldSample(deps, appId, players, t);
        added++;
      }
    }
  });
  return added;
}

export async function seedDemo(deps: AppDeps) {
  const org = await ensureOrg(deps);
  const [manager] = await ensureUsers(deps, org.id);
  const seeded = [];
  for (const p of DEMO_PROJECTS) seeded.push(await ensureProject(deps, org.id, manager!.id, p));
  const videoMade = await ensureDemoVideo(deps, seeded[0]!.id, manager!.id);
  await ensureDemoVideo(deps, seeded[0]!.id, manager!.id, DEMO_TEASER);
  await ensureDemoStreaming(deps, seeded[0]!.id, manager!.id);
  await ensureDemoPlaylistWindow(deps, seeded[0]!.id, manager!.id);
  await ensureDemoWebhook(deps, seeded[0]!.id, seeded[0]!.name, manager!.id);

  let samples = 0;
  for (const p of seeded) {
    const appId = p.steamAppId!;
    samples += await ensureSamples(deps, appId);
    await ensureOlderDailyPeaks(deps, appId);
    await ensureReviewHistory(deps, appId);
    await refreshAchievements(deps, appId);
    await refreshNews(deps, appId);
  }

  const watched = await ensureDemoWatchlist(deps, seeded[0]!);

  // Sales go through the same partner sync the console runs: changed dates, then every pending date.
  await refreshChangedDates(deps);
  const today = pacificDate(deps.now());
  const window = dayRange(today, SALES_DAYS);
  const fetched = await fetchDates(
    deps,
    await datesToFetch(deps, window, [addDays(today, -1), today]),
    () => true,
  );
  // Wishlists too, through the sync a financial sync runs: every day since the app's first date.
  let wishlistDays = 0;
  for (const p of seeded)
    if (p.financialAnalyticsEnabled)
      wishlistDays += (await syncAppWishlists(deps, p.steamAppId!)).datesFetched;
  const anomalies = await ensureDemoAnomaly(deps, seeded[0]!.id, seeded[0]!.steamAppId!);
  const now = deps.now();
  for (const p of seeded)
    await deps.db.update(projects).set({ steamLastSync: now }).where(eq(projects.id, p.id));

  return {
    org,
    projects: seeded.map((p) => ({
      id: p.id,
      name: p.name,
      appId: p.steamAppId,
      game: gameById(p.steamAppId!)?.name,
    })),
    videoMade,
    samples,
    salesDates: fetched.length,
    salesRows: fetched.reduce((s, f) => s + f.rows, 0),
    wishlistDays,
    anomalies,
    watched,
  };
}
