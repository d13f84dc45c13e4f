import { expect, test } from "bun:test";
import { notePlayerPeak } from "@server/features/analytics/players/player-history";
import { storeReviewDay } from "@server/features/analytics/reviews/review-days";
import { enqueueEvent } from "@server/features/webhooks/queue";
import { projects, webhookDeliveries, webhooks } from "@server/platform/db/schema";
import { eq } from "drizzle-orm";
import { makeOrg, makeProject, testDeps } from "../../support/server";

// The analytics alerts reach the project's webhooks as deliveries, one per occurrence, with payloads
// that name the figures.

const A = 2456740;
const DAY = 86_400_000;
const T0 = Date.parse("2026-11-20T12:00:00Z");

test("a new peak and a changed review score are each one delivery per subscribed webhook", async () => {
  const deps = testDeps();
  const org = await makeOrg(deps);
  const project = await makeProject(deps, { orgId: org.id, name: "Starfall" });
  await deps.db
    .update(projects)
    .set({ steamAppId: A, steamAnalyticsEnabled: true })
    .where(eq(projects.id, project.id));
  // The bus does not wait on its listeners: the test waits for every enqueue before reading.
  const enqueued: Promise<unknown>[] = [];
  deps.events.on((e) => {
    enqueued.push(Promise.resolve(enqueueEvent(deps.db, e)));
  });
  const hook = (format: "generic" | "discord") =>
    deps.db.insert(webhooks).values({
      projectId: project.id,
      url: "https://example.com/hook",
      format,
      events: ["analytics.player_peak", "analytics.review_score_changed"],
      secret: "whsec_x",
    });
  await hook("generic");
  await hook("discord");

  await notePlayerPeak(deps, A, 1000, T0);
  await notePlayerPeak(deps, A, 1200, T0 + 60_000);
  await notePlayerPeak(deps, A, 1190, T0 + 120_000);
  const summary = (desc: string) => ({
    reviewScore: 8,
    scoreDesc: desc,
    totalPositive: 80,
    totalNegative: 20,
    totalReviews: 100,
  });
  await storeReviewDay(deps, A, summary("Mostly Positive"), T0);
  await storeReviewDay(deps, A, summary("Very Positive"), T0 + DAY);
  await storeReviewDay(deps, A, summary("Very Positive"), T0 + DAY + 60_000);

  await Promise.all(enqueued);
  const rows = await deps.db.select().from(webhookDeliveries);
  expect(rows.map((r) => r.event).sort()).toEqual([
    "analytics.player_peak",
    "analytics.player_peak",
    "analytics.review_score_changed",
    "analytics.review_score_changed",
  ]);
  const generic = rows.map((r) => JSON.parse(r.payload)).filter((p) => p.event);
  expect(generic.find((p) => p.event === "analytics.player_peak")).toMatchObject({
    title: "New all-time player peak",
    project_name: "Starfall",
    app_id: A,
    players: 1200,
    previous_peak: 1000,
  });
  expect(generic.find((p) => p.event === "analytics.review_score_changed")).toMatchObject({
    title: "Review score changed",
    review_score: "Very Positive",
    previous_review_score: "Mostly Positive",
  });
  const discord = rows.map((r) => JSON.parse(r.payload)).filter((p) => p.embeds);
  const peak = discord.find((p) => p.content === "New all-time player peak")!;
  expect(peak.embeds[0].fields).toContainEqual({ name: "Players", value: "1200", inline: true });
  expect(peak.embeds[0].description).toContain("1,200 people played at once");
});
