import { expect, test } from "bun:test";
import {
  checkRefundAnomalies,
  checkReviewAnomalies,
  checkWishlistAnomalies,
} from "@server/features/analytics/anomalies/anomalies";
import { addDays } from "@server/features/analytics/steam/dates";
import { enqueueEvent } from "@server/features/webhooks/queue";
import {
  analyticsAnomalies,
  projects,
  steamReviewDays,
  steamSales,
  steamWishlistCountries,
  steamWishlistDays,
  webhookDeliveries,
  webhooks,
} from "@server/platform/db/schema";
import { eq } from "drizzle-orm";
import { makeOrg, makeProject, testDeps } from "../../support/server";

// Anomalies reach the project's webhooks once per (project, figure, country, day), with the figure,
// its usual range and the country; ordinary days and apps with no reviews tell nothing.

const A = 2456740;
const NOW = Date.parse("2026-11-20T12:00:00Z");
const TODAY = "2026-11-20";

async function setup() {
  const deps = testDeps({}, { now: () => NOW });
  const org = await makeOrg(deps);
  const project = await makeProject(deps, { orgId: org.id, name: "Starfall" });
  await deps.db
    .update(projects)
    .set({ steamAppId: A, steamAnalyticsEnabled: true, financialAnalyticsEnabled: true })
    .where(eq(projects.id, project.id));
  const enqueued: Promise<unknown>[] = [];
  deps.events.on((e) => {
    enqueued.push(Promise.resolve(enqueueEvent(deps.db, e)));
  });
  for (const format of ["generic", "discord"] as const)
    await deps.db.insert(webhooks).values({
      projectId: project.id,
      url: "https://example.com/hook",
      format,
      events: ["analytics.anomaly"],
      secret: "whsec_x",
    });
  return { deps, project, settled: () => Promise.all(enqueued) };
}

/** 40 ordinary days of about 20 deletes (about 12 from Germany); `today` deletes on the last. */
async function seedWishlists(deps: ReturnType<typeof testDeps>, today: number) {
  for (let i = 40; i >= 0; i--) {
    const date = addDays(TODAY, -i);
    const deletes = i === 0 ? today : 18 + (i % 5);
    const de = i === 0 ? today - 8 : 10 + (i % 4);
    await deps.db
      .insert(steamWishlistDays)
      .values({ appId: A, date, adds: 100 + (i % 7), deletes, fetchedAt: NOW });
    await deps.db
      .insert(steamWishlistCountries)
      .values({ appId: A, date, countryCode: "DE", adds: 60 + (i % 3), deletes: de });
  }
}

test("a deletes spike is told once, overall and for its country, with its usual range", async () => {
  const { deps, project, settled } = await setup();
  await seedWishlists(deps, 90);
  expect(await checkWishlistAnomalies(deps, project.id, A)).toBe(2);
  // A re-sync of the same days, or a second node, tells nothing again.
  expect(await checkWishlistAnomalies(deps, project.id, A)).toBe(0);
  await settled();

  const stored = await deps.db.select().from(analyticsAnomalies);
  expect(stored.map((r) => [r.figure, r.country, r.date, r.value]).sort()).toEqual([
    ["wishlist_deletes", "", TODAY, 90],
    ["wishlist_deletes", "DE", TODAY, 82],
  ]);
  const rows = await deps.db.select().from(webhookDeliveries);
  expect(rows).toHaveLength(4);
  expect(rows.every((r) => r.event === "analytics.anomaly")).toBe(true);
  const generic = rows.map((r) => JSON.parse(r.payload)).filter((p) => p.event);
  const de = generic.find((p) => p.country === "DE");
  expect(de).toMatchObject({ title: "Unusual day", figure: "Wishlist deletes", date: TODAY, value: 82 });
  expect(de.usual_low).toBeLessThan(de.usual_high);
  expect(de.usual_high).toBeLessThan(82);
  expect(de.message).toContain("Wishlist deletes in DE were 82 on 2026-11-20, well above a usual day");
  const overall = generic.find((p) => p.country === null);
  expect(overall.message).toContain("Wishlist deletes were 90");
  const discord = rows.map((r) => JSON.parse(r.payload)).filter((p) => p.embeds);
  const names = discord.flatMap((p) => p.embeds[0].fields.map((f: { name: string }) => f.name));
  expect(names).toContain("Usual range");
  expect(names).toContain("Country");
});

test("a day of many refunds is told once, from the sales lines' returned units", async () => {
  const { deps, project, settled } = await setup();
  // 40 Pacific days of about 100 sold and 4 to 6 returned; then 60 returned on the last.
  for (let i = 40; i >= 0; i--)
    await deps.db.insert(steamSales).values({
      date: addDays(TODAY, -i),
      primaryAppId: A,
      lineItemType: "Package",
      grossUnitsSold: 100,
      grossUnitsReturned: -(i === 0 ? 60 : 4 + (i % 3)),
    });
  expect(await checkRefundAnomalies(deps)).toBe(1);
  expect(await checkRefundAnomalies(deps)).toBe(0);
  await settled();
  const stored = await deps.db.select().from(analyticsAnomalies);
  expect(stored.map((r) => [r.projectId, r.figure, r.country, r.date, r.value])).toEqual([
    [project.id, "refunds", "", TODAY, 60],
  ]);
  const generic = (await deps.db.select().from(webhookDeliveries))
    .map((r) => JSON.parse(r.payload))
    .find((p) => p.event);
  expect(generic).toMatchObject({ event: "analytics.anomaly", date: TODAY, value: 60, country: null });
  expect(generic.usual_high).toBeLessThan(60);
});

test("ordinary days tell nothing", async () => {
  const { deps, project } = await setup();
  await seedWishlists(deps, 20);
  expect(await checkWishlistAnomalies(deps, project.id, A)).toBe(0);
  expect(await deps.db.select().from(analyticsAnomalies)).toHaveLength(0);
});

test("a drop in the share of positive reviews is told; an app with no reviews never is", async () => {
  const { deps, project, settled } = await setup();
  const day = (i: number, positive: number, total: number) =>
    deps.db.insert(steamReviewDays).values({
      appId: A,
      date: addDays(TODAY, -i),
      reviewScore: total ? 8 : null,
      scoreDesc: total ? "Very Positive" : "No user reviews",
      totalPositive: positive,
      totalNegative: total - positive,
      totalReviews: total,
      sampledAt: NOW,
    });
  for (let i = 30; i >= 1; i--) await day(i, 0, 0);
  await day(0, 0, 0);
  expect(await checkReviewAnomalies(deps, A)).toBe(0);

  await deps.db.delete(steamReviewDays);
  for (let i = 30; i >= 1; i--) await day(i, 900 + (i % 3), 1000 + (i % 3));
  await day(0, 700, 1000);
  expect(await checkReviewAnomalies(deps, A)).toBe(1);
  await settled();
  const [row] = await deps.db
    .select()
    .from(analyticsAnomalies)
    .where(eq(analyticsAnomalies.projectId, project.id));
  expect(row).toMatchObject({ figure: "review_score", country: "", value: 70 });
});
