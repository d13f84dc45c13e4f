import { afterAll, describe, expect, test } from "bun:test";
import { checkRefundSpikes } from "@server/features/analytics/sales/refund-alerts";
import { discountRuns, liftPercent } from "@server/features/analytics/sales/sale-events";
import { markSpikes } from "@server/features/analytics/sales/sales-refunds";
import { addDays } from "@server/features/analytics/steam/dates";
import { WebhookDelivery } from "@server/features/webhooks/delivery";
import {
  projects,
  steamRefundAlerts,
  steamWishlistDays,
  webhookDeliveries,
  webhooks,
} from "@server/platform/db/schema";
import type { ConsoleEvent } from "@server/platform/events/bus";
import { eq } from "drizzle-orm";
import { type RawSalesRow, salesRow } from "../../fakes/steam/data";
import { steamTestDeps } from "../../fakes/steam/deps";
import { startSteamMsw } from "../../fakes/steam/msw";
import { DISCOUNTS } from "../../fakes/steam/sales-gen";
import { startWebhookReceiver, until } from "../../fakes/webhook-receiver";
import { untilDone } from "../../support/jobs";
import { callerFor, makeOrg, makeProject, makeUser } from "../../support/server";
import { waitUntil } from "../../support/wait";

// Sale-event scorecards and refund spikes from hand-made sales whose answers are worked out below.

const NOW = Date.parse("2026-11-20T20:00:00Z"); // Pacific today: 2026-11-20
const A = 2456740;
const [AUTUMN, WEEKEND, MIDWEEK] = DISCOUNTS;

function days(first: string, n: number, make: (date: string, i: number) => RawSalesRow[]) {
  return Object.fromEntries(
    Array.from({ length: n }, (_, i) => addDays(first, i)).map((d, i) => [d, make(d, i)]),
  );
}
const line = (
  date: string,
  id: number,
  units: number,
  price: string,
  extra: Partial<Parameters<typeof salesRow>[0]> = {},
) => salesRow({ id, date, appId: A, packageId: 801231, units, returned: 0, price, ...extra });

/**
 * 10-20..10-21 Midweek (no synced day before it: no baseline); 10-27..11-09 full price, 10 × $10 a
 * day; 11-10..11-12 Autumn, 30 × $5 a day (US) and 10 × $5 (DE, 2 returned); 11-13..11-14 synced
 * but empty; 11-15..11-16 Weekend, 8 × $7.50.
 */
function eventSales(): Record<string, RawSalesRow[]> {
  return {
    ...days("2026-10-20", 2, (d, i) => [line(d, i + 1, 4, "4.9900", { discount: MIDWEEK })]),
    ...days("2026-10-27", 14, (d, i) => [line(d, i + 1, 10, "10.0000")]),
    ...days("2026-11-10", 3, (d, i) => [
      line(d, 2 * i + 1, 30, "5.0000", { discount: AUTUMN }),
      salesRow({
        id: 2 * i + 2,
        date: d,
        appId: A,
        packageId: 801231,
        units: 10,
        returned: 2,
        price: "5.0000",
        country: "DE",
        discount: AUTUMN,
      }),
    ]),
    ...days("2026-11-13", 2, () => []),
    ...days("2026-11-15", 2, (d, i) => [line(d, i + 1, 8, "7.5000", { discount: WEEKEND })]),
  };
}

/** 30 quiet days (100 sold, 2 returned), then 11-18 (4 returned), 11-19 (10 returned: the spike). */
function refundSales(): Record<string, RawSalesRow[]> {
  return {
    ...days("2026-10-19", 30, (d, i) => [line(d, i + 1, 100, "10.0000", { returned: 2 })]),
    "2026-11-18": [line("2026-11-18", 1, 100, "10.0000", { returned: 4 })],
    "2026-11-19": [line("2026-11-19", 1, 100, "10.0000", { returned: 10 })],
    "2026-11-20": [line("2026-11-20", 1, 400, "10.0000", { returned: 6 })],
  };
}

const msw = startSteamMsw({ now: () => NOW, sales: eventSales() });
afterAll(() => msw.stop());

async function world(sales: Record<string, RawSalesRow[]>) {
  msw.reset({ now: () => NOW, sales });
  const deps = steamTestDeps({}, { now: () => NOW });
  const org = await makeOrg(deps);
  const dev = await makeUser(deps, { role: "developer", orgId: org.id });
  const project = await makeProject(deps, { orgId: org.id });
  await deps.db
    .update(projects)
    .set({ steamAppId: A, financialAnalyticsEnabled: true })
    .where(eq(projects.id, project.id));
  const events: ConsoleEvent[] = [];
  deps.events.on((e) => events.push(e));
  const caller = await callerFor(deps, dev.email);
  const sync = () => untilDone(caller).analytics.syncFinancial({ projectId: project.id, days: 60 });
  return { deps, project, caller, events, sync };
}

describe("sale-event scorecards", () => {
  test("lift, depth, per-day figures, refund rate and country mix from known sales", async () => {
    const w = await world(eventSales());
    await w.sync();
    const { events } = await w.caller.analyticsSales.saleEvents({ projectId: w.project.id });
    expect(events.map((e) => [e.name, e.startDate, e.endDate, e.days, e.depthPercent])).toEqual([
      ["Publisher Weekend", "2026-11-15", "2026-11-16", 2, 25],
      ["Autumn Sale", "2026-11-10", "2026-11-12", 3, 40],
      ["Midweek Madness", "2026-10-20", "2026-10-21", 2, 50],
    ]);
    const [weekend, autumn, midweek] = events;
    // Autumn: (30 + 8 net units) × $5 a day = $190 against $100 a day before: +90 %.
    expect(autumn).toMatchObject({
      netPerDayCents: 19_000,
      unitsPerDay: 38,
      baselineNetPerDayCents: 10_000,
      liftPercent: 90,
      refundRate: 5, // 6 of 120 copies
    });
    // The wishlist purchases Steam reported over the sale's days, as the sync stored them.
    const bought = (await w.deps.db.select().from(steamWishlistDays))
      .filter((d) => d.date >= "2026-11-10" && d.date <= "2026-11-12")
      .reduce((n, d) => n + d.purchases, 0);
    expect(bought).toBeGreaterThan(0);
    expect(autumn!.wishlistPurchases).toBe(bought);
    expect(autumn!.topCountries).toEqual([
      { code: "US", name: "United States", sharePercent: 78.9 },
      { code: "DE", name: "Germany", sharePercent: 21.1 },
    ]);
    // Weekend: $60 a day against (9 × $100 + 3 × $190 + 2 × $0) ÷ 14 = $105 a day: −42.9 %.
    expect(weekend).toMatchObject({
      netPerDayCents: 6000,
      baselineNetPerDayCents: 10_500,
      liftPercent: -42.9,
    });
    // Nothing was synced before Midweek: no baseline, no lift.
    expect(midweek).toMatchObject({ baselineNetPerDayCents: null, liftPercent: null });
  });

  test("runs split on gaps and per discount; lift needs a positive baseline", () => {
    const pairs = ["2026-01-01", "2026-01-02", "2026-01-04"].map((date) => ({ date, combinedDiscountId: 7 }));
    expect(discountRuns([...pairs, { date: "2026-01-02", combinedDiscountId: 8 }])).toEqual([
      { combinedDiscountId: 7, startDate: "2026-01-04", endDate: "2026-01-04", days: 1 },
      { combinedDiscountId: 8, startDate: "2026-01-02", endDate: "2026-01-02", days: 1 },
      { combinedDiscountId: 7, startDate: "2026-01-01", endDate: "2026-01-02", days: 2 },
    ]);
    expect(liftPercent(150, 100)).toBe(50);
    expect(liftPercent(150, 0)).toBeNull();
    expect(liftPercent(150, null)).toBeNull();
  });
});

describe("refund spikes", () => {
  test("a day over twice its 28-day median with at least 5 refunds is marked", () => {
    const quiet = Array.from({ length: 28 }, (_, i) => ({
      date: `d${i}`,
      grossUnits: 100,
      returnedUnits: 2,
    }));
    const marked = markSpikes([
      ...quiet,
      { date: "few", grossUnits: 40, returnedUnits: 4 }, // 10 % but only 4 refunds
      { date: "spike", grossUnits: 100, returnedUnits: 5 },
    ]);
    expect(marked.slice(0, 7).every((d) => d.baselineRate === null && !d.spike)).toBe(true);
    expect(marked.at(-2)).toMatchObject({ refundRate: 10, baselineRate: 2, spike: false });
    expect(marked.at(-1)).toMatchObject({ refundRate: 5, baselineRate: 2, spike: true });
  });

  test("the refunds answer marks the spike day, and the alert goes out once", async () => {
    const w = await world(refundSales());
    await w.sync();
    const r = await w.caller.analyticsSales.refunds({ projectId: w.project.id, days: 7 });
    expect(r.days.map((d) => [d.date, d.returnedUnits, d.refundRate, d.spike])).toEqual([
      ["2026-11-14", 2, 2, false],
      ["2026-11-15", 2, 2, false],
      ["2026-11-16", 2, 2, false],
      ["2026-11-17", 2, 2, false],
      ["2026-11-18", 4, 4, false],
      ["2026-11-19", 10, 10, true],
      ["2026-11-20", 6, 1.5, false],
    ]);
    expect(r.packages).toHaveLength(1);
    const spikes = () => w.events.filter((e) => e.type === "analytics.refund_spike");
    expect(spikes()).toHaveLength(1);
    expect(spikes()[0]).toMatchObject({ projectId: w.project.id });
    expect(spikes()[0]!.message).toContain("2026-11-19");
    // Steam restates the day, syncs run again, and the check runs as after a restart: no resend.
    msw.fake.restate("2026-11-19");
    await w.sync();
    expect(await checkRefundSpikes(w.deps)).toBe(0);
    expect(spikes()).toHaveLength(1);
    expect(await w.deps.db.select().from(steamRefundAlerts)).toEqual([
      { projectId: w.project.id, date: "2026-11-19", sentAt: NOW },
    ]);
  });
});

test("the refund spike reaches a subscribed webhook once and is in its delivery log", async () => {
  const w = await world(refundSales());
  const receiver = startWebhookReceiver();
  await w.deps.db.insert(webhooks).values({
    projectId: w.project.id,
    url: receiver.url,
    format: "generic",
    events: ["analytics.refund_spike"],
    secret: "s",
  });
  const delivery = new WebhookDelivery({
    db: w.deps.db,
    now: w.deps.now,
    events: w.deps.events,
    allowPrivateTargets: true,
    resolve: w.deps.resolve,
  });
  delivery.start();
  try {
    await w.sync();
    await until(() => receiver.received.length === 1, 5000, "the refund-spike delivery");
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
      event: "analytics.refund_spike",
      title: "Refund spike",
      project_id: w.project.id,
    });
    await w.sync();
    await waitUntil(
      async () => (await w.deps.db.select().from(webhookDeliveries))[0]?.status === "delivered",
      2000,
      "logged",
    );
    expect(await w.deps.db.select().from(webhookDeliveries)).toHaveLength(1);
    expect(receiver.received).toHaveLength(1);
  } finally {
    await delivery.stop();
    await receiver.stop();
  }
});
