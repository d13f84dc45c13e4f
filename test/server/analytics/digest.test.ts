import { describe, expect, test } from "bun:test";
import { sendDueDigests } from "@server/features/analytics/digest/digest";
import { addDays } from "@server/features/analytics/steam/dates";
import {
  analyticsDigests,
  destinationIntents,
  destinations,
  projects,
  schedules,
  steamPlayerDaily,
  steamPriceDays,
  steamReviewDays,
  steamSales,
  steamWishlistDays,
  watchlistApps,
  webhookDeliveries,
  webhooks,
} from "@server/platform/db/schema";
import { eq } from "drizzle-orm";
import { makeOrg, makeProject, makeUser, testApp, testDeps } from "../../support/server";

// The weekly digest: on Monday in the project's time zone, once a week, one message per webhook in
// its format with last week's figures beside the week before; off when the project says so.

const A = 2456740;
// Sunday 23:30 UTC: already Monday in Berlin, still Sunday in UTC and in Los Angeles.
const SUNDAY_NIGHT_UTC = Date.parse("2026-11-22T23:30:00Z");
// Monday 09:00 UTC: Monday in UTC and Berlin, still Monday 01:00 in Los Angeles.
const MONDAY_UTC = Date.parse("2026-11-23T09:00:00Z");

async function world(now: { t: number }) {
  const t = testApp(testDeps({}, { now: () => now.t }));
  const deps = t.deps;
  const org = await makeOrg(deps);
  const project = await makeProject(deps, { orgId: org.id, name: "Starfall" });
  await deps.db
    .update(projects)
    .set({ steamAppId: A, steamAnalyticsEnabled: true })
    .where(eq(projects.id, project.id));
  for (const format of ["generic", "discord", "slack"] as const)
    await deps.db.insert(webhooks).values({
      projectId: project.id,
      url: `https://example.com/${format}`,
      format,
      events: ["stream.failed"],
      secret: "whsec_x",
    });
  // Two weeks of figures ending Sunday 2026-11-22: the last week busier than the one before.
  for (let i = 0; i < 14; i++) {
    const date = addDays("2026-11-22", -i);
    const lastWeek = i < 7;
    await deps.db
      .insert(steamPlayerDaily)
      .values({ appId: A, date, peak: lastWeek ? 1200 : 1000, total: 500 * 24, samples: 24 });
    await deps.db
      .insert(steamWishlistDays)
      .values({ appId: A, date, adds: lastWeek ? 110 : 100, purchases: lastWeek ? 11 : 5, fetchedAt: 0 });
    await deps.db.insert(steamSales).values({
      date,
      primaryAppId: A,
      lineItemType: "Package",
      netSalesCents: lastWeek ? 20_000 : 10_000,
    });
  }
  for (const [date, total] of [
    ["2026-11-08", 800],
    ["2026-11-15", 850],
    ["2026-11-22", 950],
  ] as const)
    await deps.db.insert(steamReviewDays).values({
      appId: A,
      date,
      reviewScore: 8,
      scoreDesc: "Very Positive",
      totalPositive: Math.round(total * 0.9),
      totalNegative: total - Math.round(total * 0.9),
      totalReviews: total,
      sampledAt: 0,
    });
  const [dest] = await deps.db
    .insert(destinations)
    .values({ projectId: project.id, name: "Steam main", rtmpUrl: "rtmp://ingest.example.com/app" })
    .returning();
  // Meant to be live all week, never live: 0 %.
  await deps.db
    .insert(destinationIntents)
    .values({ destinationId: dest!.id, source: "user", startedAt: Date.parse("2026-11-10T00:00:00Z") });
  return { t, deps, org, project };
}

const deliveries = async (deps: ReturnType<typeof testDeps>) =>
  (await deps.db.select().from(webhookDeliveries)).filter((d) => d.event === "analytics.digest");

describe("the weekly digest", () => {
  test("goes out once on Monday, in every format, with last week beside the week before", async () => {
    const now = { t: MONDAY_UTC };
    const { deps } = await world(now);
    expect(await sendDueDigests(deps)).toBe(1);
    now.t += 3_600_000;
    expect(await sendDueDigests(deps)).toBe(0);
    const rows = await deliveries(deps);
    expect(rows).toHaveLength(3);
    const payloads = rows.map((r) => JSON.parse(r.payload));

    const generic = payloads.find((p) => p.event)!;
    expect(generic).toMatchObject({
      event: "analytics.digest",
      title: "Weekly digest",
      project_name: "Starfall",
    });
    const text: string = generic.message;
    expect(text).toContain("Weekly digest for Starfall: 2026-11-16 to 2026-11-22");
    expect(text).toContain("Players: peak 1,200 at once, 500 on average (peak +20% on the week before).");
    expect(text).toContain(
      "Wishlists: 770 added (+10% on the week before), 10% of adds turned into purchases.",
    );
    expect(text).toContain("Reviews: 100 new (+100% on the week before), 90% positive overall.");
    expect(text).toContain("Net sales: $1,400 (+100% on the week before).");
    expect(text).toContain("Steam main: live 0% of the time it was meant to be, 0 h on the store page.");
    // No watch list on this console: its section is left out.
    expect(text).not.toContain("Watch list");

    const discord = payloads.find((p) => p.embeds)!;
    expect(discord.content).toBe("Weekly digest");
    expect(discord.embeds[0].description).toBe(text);
    const slack = payloads.find((p) => p.blocks)!;
    expect(slack.text).toBe("Weekly digest");
    expect(slack.blocks[0].text.text).toContain("Net sales: $1,400");
  });

  test("names the watched games whose players moved most, with their reviews and discounts", async () => {
    const now = { t: MONDAY_UTC };
    const { deps, project } = await world(now);
    // Four watched games: players doubled, fell by a quarter, barely moved, and one never counted.
    const games = [
      { appId: 1001, name: "Hollow Lantern", before: 100, after: 200 },
      { appId: 1002, name: "Moss & Mortar", before: 400, after: 300 },
      { appId: 1003, name: "Tiny Harbor", before: 1000, after: 1010 },
      { appId: 1004, name: "Never Sampled", before: null, after: null },
    ];
    for (const g of games) {
      await deps.db
        .insert(watchlistApps)
        .values({ projectId: project.id, appId: g.appId, name: g.name, addedAt: 0 });
      if (g.before === null || g.after === null) continue;
      for (let i = 0; i < 14; i++)
        await deps.db.insert(steamPlayerDaily).values({
          appId: g.appId,
          date: addDays("2026-11-22", -i),
          peak: 0,
          total: (i < 7 ? g.after : g.before) * 24,
          samples: 24,
        });
    }
    for (const [date, total] of [
      ["2026-11-15", 500],
      ["2026-11-22", 540],
    ] as const)
      await deps.db.insert(steamReviewDays).values({
        appId: 1001,
        date,
        reviewScore: 8,
        scoreDesc: "Very Positive",
        totalPositive: total,
        totalNegative: 0,
        totalReviews: total,
        sampledAt: 0,
      });
    await deps.db.insert(steamPriceDays).values({
      appId: 1002,
      date: "2026-11-20",
      name: "Moss & Mortar",
      isFree: false,
      currency: "USD",
      initialCents: 499,
      finalCents: 374,
      discountPercent: 25,
      comingSoon: false,
      genres: "[]",
      sampledAt: 0,
    });
    expect(await sendDueDigests(deps)).toBe(1);
    const text: string = JSON.parse(
      (await deliveries(deps)).find((d) => d.payload.includes('"event"'))!.payload,
    ).message;
    const section = text.slice(text.indexOf("Watch list movers:"));
    expect(section.split("\n")).toEqual([
      "Watch list movers:",
      "• Hollow Lantern: 200 players on average (+100% on the week before), 40 new reviews.",
      "• Moss & Mortar: 300 players on average (-25% on the week before), 25% off in the store.",
      "• Tiny Harbor: 1,010 players on average (+1% on the week before).",
    ]);
  });

  test("follows the project's time zone: Monday in Berlin is still Sunday in UTC", async () => {
    const now = { t: SUNDAY_NIGHT_UTC };
    const { deps, t, org, project } = await world(now);
    expect(await sendDueDigests(deps)).toBe(0);
    const manager = await makeUser(deps, { role: "manager", orgId: org.id });
    const cookie = await t.signIn(manager.email);
    const res = await t.call(`/api/analytics/digest-settings/${project.id}`, {
      method: "PUT",
      cookie,
      json: { enabled: true, timeZone: "Europe/Berlin" },
    });
    expect(res.status).toBe(200);
    expect(await sendDueDigests(deps)).toBe(1);
    const [row] = await deps.db.select().from(analyticsDigests);
    expect(row).toMatchObject({ projectId: project.id, week: "2026-11-23" });
  });

  test("without a setting, the zone of the project's weekly schedule counts", async () => {
    const now = { t: MONDAY_UTC };
    const { deps, project } = await world(now);
    const [dest] = await deps.db.select().from(destinations);
    await deps.db.insert(schedules).values({
      destinationId: dest!.id,
      projectId: project.id,
      kind: "weekly",
      days: '["mon"]',
      fromTime: "10:00",
      toTime: "12:00",
      timezone: "America/Los_Angeles",
    });
    // 01:00 on Monday in Los Angeles is Monday too: sent; at Monday 07:00 UTC it is still Sunday there.
    now.t = Date.parse("2026-11-23T07:00:00Z");
    expect(await sendDueDigests(deps)).toBe(0);
    now.t = MONDAY_UTC;
    expect(await sendDueDigests(deps)).toBe(1);
  });

  test("turned off, nothing is sent", async () => {
    const now = { t: MONDAY_UTC };
    const { deps, t, org, project } = await world(now);
    const manager = await makeUser(deps, { role: "manager", orgId: org.id });
    const cookie = await t.signIn(manager.email);
    const res = await t.call(`/api/analytics/digest-settings/${project.id}`, {
      method: "PUT",
      cookie,
      json: { enabled: false, timeZone: null },
    });
    expect(res.status).toBe(200);
    expect(await sendDueDigests(deps)).toBe(0);
    expect(await deliveries(deps)).toHaveLength(0);
  });
});

describe("POST /api/analytics/{projectId}/digest", () => {
  test("a manager sends now; it shows in the delivery log; Monday's digest still goes out", async () => {
    const now = { t: MONDAY_UTC };
    const { deps, t, org, project } = await world(now);
    const manager = await makeUser(deps, { role: "manager", orgId: org.id });
    const cookie = await t.signIn(manager.email);
    const res = await t.call(`/api/analytics/${project.id}/digest`, { method: "POST", cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ deliveries: 3 });
    const [hook] = await deps.db.select().from(webhooks).where(eq(webhooks.format, "generic"));
    const log = await t.call(`/api/webhooks/${hook!.id}/deliveries`, { cookie });
    expect(log.status).toBe(200);
    expect(JSON.stringify(await log.json())).toContain("analytics.digest");
    expect(await sendDueDigests(deps)).toBe(1);
  });

  test("refused: a viewer 403, another organization 404, a bad id 400, no webhooks 400", async () => {
    const now = { t: MONDAY_UTC };
    const { deps, t, org, project } = await world(now);
    const viewer = await makeUser(deps, { role: "viewer", orgId: org.id });
    const outsider = await makeUser(deps, { role: "manager", orgId: (await makeOrg(deps)).id });
    const send = async (email: string, id: string | number) => {
      const res = await t.call(`/api/analytics/${id}/digest`, {
        method: "POST",
        cookie: await t.signIn(email),
      });
      return { status: res.status, body: await res.json() };
    };
    expect(await send(viewer.email, project.id)).toMatchObject({ status: 403 });
    const other = await send(outsider.email, project.id);
    expect(other.status).toBe(404);
    expect(other.body.error).toBeString();
    expect((await send(outsider.email, "abc")).status).toBe(400);
    const bare = await makeProject(deps, { orgId: org.id, name: "No hooks" });
    const manager = await makeUser(deps, { role: "manager", orgId: org.id });
    expect(await send(manager.email, bare.id)).toMatchObject({
      status: 400,
      body: { error: "This project has no webhooks yet. Add one to receive the digest." },
    });
    expect(await deliveries(deps)).toHaveLength(0);
    const bad = await t.call(`/api/analytics/digest-settings/${project.id}`, {
      method: "PUT",
      cookie: await t.signIn(manager.email),
      json: { enabled: true, timeZone: "Mars/Olympus" },
    });
    expect(bad.status).toBe(400);
  });
});
