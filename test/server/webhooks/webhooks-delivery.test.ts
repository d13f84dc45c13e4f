import { afterEach, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import type { AppDeps } from "@server/deps";
import { RETRY_WINDOW_MS, WebhookDelivery } from "@server/features/webhooks/delivery";
import { webhookDeliveries, webhooks } from "@server/platform/db/schema";
import type { WebhookFormat } from "@shared/schemas/webhooks";
import { eq } from "drizzle-orm";
import { startWebhookReceiver, until, type WebhookReceiver } from "../../fakes/webhook-receiver";
import { makeOrg, makeProject, testDeps } from "../../support/server";
import { waitUntil } from "../../support/wait";

// Delivery against a local receiver that fails on purpose, on a clock the test moves.

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function world(receiver: WebhookReceiver, format: WebhookFormat = "generic") {
  const clock = { t: Date.UTC(2026, 10, 20, 12) };
  const deps = testDeps({}, { now: () => clock.t });
  const project = await makeProject(deps, { orgId: (await makeOrg(deps)).id, name: "Next Fest <!channel>" });
  const hook = (
    await deps.db
      .insert(webhooks)
      .values({
        projectId: project.id,
        url: receiver.url,
        format,
        events: ["stream.failed"],
        secret: "whsec_test",
      })
      .returning()
  )[0]!;
  cleanups.push(() => receiver.stop());
  return { clock, deps, project, hook };
}

function worker(deps: AppDeps, opts: Partial<ConstructorParameters<typeof WebhookDelivery>[0]> = {}) {
  // The receivers listen on loopback, as a studio's own would on its LAN.
  const w = new WebhookDelivery({
    db: deps.db,
    now: deps.now,
    events: deps.events,
    allowPrivateTargets: true,
    resolve: deps.resolve,
    ...opts,
  });
  cleanups.push(() => w.stop());
  return w;
}

const failEvent = (projectId: number, at: number) => ({
  type: "stream.failed" as const,
  projectId,
  at,
  streamId: 7,
  destinationId: 3,
  destinationName: "Steam main",
  mediaName: "trailer.mp4",
  message: "Connection refused",
});

const rows = async (deps: AppDeps) => await deps.db.select().from(webhookDeliveries);

describe("webhook delivery", () => {
  test("an event reaches the receiver within 5 s, signed over timestamp and body", async () => {
    const receiver = startWebhookReceiver();
    const { deps, project, clock } = await world(receiver);
    worker(deps).start();
    const sent = Date.now();
    deps.events.emit(failEvent(project.id, clock.t));
    await until(() => receiver.received.length === 1, 5000, "the delivery");
    const hit = receiver.received[0]!;
    expect(hit.at - sent).toBeLessThan(5000);
    const timestamp = hit.headers["x-console-timestamp"]!;
    const expected = createHmac("sha256", "whsec_test").update(`${timestamp}.${hit.body}`).digest("hex");
    expect(hit.headers["x-console-signature"]).toBe(`sha256=${expected}`);
    expect(hit.headers["x-console-event"]).toBe("stream.failed");
    expect(JSON.parse(hit.body)).toMatchObject({
      event: "stream.failed",
      project_id: project.id,
      destination_name: "Steam main",
      media_name: "trailer.mp4",
      message: "Connection refused",
    });
    await waitUntil(async () => (await rows(deps))[0]?.status === "delivered", 2000, "recorded as delivered");
    expect((await rows(deps))[0]).toMatchObject({ attempts: 1, httpStatus: 204 });
  });

  test("failures are retried with backoff and counted; after 10 minutes it gives up", async () => {
    const receiver = startWebhookReceiver({ failFirst: 2 });
    const { deps, project, clock } = await world(receiver);
    const logs: string[] = [];
    const w = worker(deps, { log: (l) => logs.push(l) });
    w.start();
    deps.events.emit(failEvent(project.id, clock.t));
    await waitUntil(async () => (await rows(deps))[0]?.attempts === 1, 5000, "first attempt");
    expect((await rows(deps))[0]).toMatchObject({
      status: "pending",
      httpStatus: 500,
      lastError: "Answered HTTP 500",
    });
    expect((await rows(deps))[0]!.nextAttemptAt - clock.t).toBe(5000);
    // Not due yet: nothing is sent.
    await w.tick();
    expect(receiver.hits()).toBe(1);
    clock.t += 5000;
    await w.tick();
    expect((await rows(deps))[0]).toMatchObject({ attempts: 2, status: "pending" });
    expect((await rows(deps))[0]!.nextAttemptAt - clock.t).toBe(10_000);
    clock.t += 10_000;
    await w.tick();
    expect((await rows(deps))[0]).toMatchObject({
      attempts: 3,
      status: "delivered",
      httpStatus: 204,
      lastError: null,
    });
    expect(receiver.received).toHaveLength(1);

    // A receiver that always fails: attempts until 10 minutes after the event, then it stops.
    const down = startWebhookReceiver({ failFirst: 1e9, failStatus: 503 });
    cleanups.push(() => down.stop());
    await deps.db.update(webhooks).set({ url: down.url });
    const start = clock.t;
    deps.events.emit(failEvent(project.id, start));
    const id = async () => (await rows(deps)).at(-1)!;
    await waitUntil(async () => (await id()).attempts === 1, 5000, "first attempt");
    while ((await id()).status === "pending") {
      clock.t = (await id()).nextAttemptAt;
      await w.tick();
    }
    expect((await id()).status).toBe("failed");
    expect(clock.t).toBe(start + RETRY_WINDOW_MS);
    expect((await id()).attempts).toBe(down.hits());
    expect((await id()).attempts).toBeGreaterThan(8);
    // The address carries the token of a Discord or Slack webhook: never logged, never stored as an error.
    expect(logs.length).toBeGreaterThan(8);
    expect([...logs, ...(await rows(deps)).map((r) => r.lastError)].join("\n")).not.toContain("T0KEN");
  });

  test("an attempt that hangs times out; a 404 is not retried", async () => {
    const hang = startWebhookReceiver({ hang: true });
    const { deps, project, clock } = await world(hang);
    const w = worker(deps, { attemptTimeoutMs: 300 });
    w.start();
    deps.events.emit(failEvent(project.id, clock.t));
    await waitUntil(async () => (await rows(deps))[0]?.attempts === 1, 3000, "a timed-out attempt");
    expect((await rows(deps))[0]).toMatchObject({
      status: "pending",
      httpStatus: null,
      lastError: "No answer within 5 seconds",
    });

    const missing = startWebhookReceiver({ failFirst: 1e9, failStatus: 404 });
    cleanups.push(() => missing.stop());
    await deps.db.update(webhooks).set({ url: missing.url });
    deps.events.emit(failEvent(project.id, clock.t));
    await waitUntil(async () => (await rows(deps))[1]?.attempts === 1, 3000, "the 404");
    expect((await rows(deps))[1]).toMatchObject({ status: "failed", httpStatus: 404 });
  });

  test("pending deliveries survive a restart: the next worker sends them", async () => {
    const receiver = startWebhookReceiver({ failFirst: 1 });
    const { deps, project, clock } = await world(receiver);
    const first = worker(deps);
    first.start();
    deps.events.emit(failEvent(project.id, clock.t));
    await waitUntil(async () => (await rows(deps))[0]?.attempts === 1, 5000, "a failed first attempt");
    await first.stop();
    clock.t += 5000;
    // The same database file, opened by a new server run.
    const again = testDeps(
      {
        DATA_DIR: deps.env.DATA_DIR,
        ...(deps.env.DATABASE_URL ? { DATABASE_URL: deps.env.DATABASE_URL } : {}),
      },
      { now: () => clock.t },
    );
    worker(again).start();
    await until(() => receiver.received.length === 1, 5000, "the resumed delivery");
    await waitUntil(async () => (await rows(again))[0]?.status === "delivered", 2000, "recorded");
    expect((await rows(again))[0]!.attempts).toBe(2);
    await again.closeDb();
  });

  test("Discord and Slack get their own formats, with names escaped and no pings", async () => {
    for (const format of ["discord", "slack"] as const) {
      const receiver = startWebhookReceiver();
      const { deps, project, clock } = await world(receiver, format);
      worker(deps).start();
      deps.events.emit(failEvent(project.id, clock.t));
      await until(() => receiver.received.length === 1, 5000, `${format} delivery`);
      const body = JSON.parse(receiver.received[0]!.body);
      expect(receiver.received[0]!.headers["x-console-signature"]).toBeUndefined();
      if (format === "discord") {
        expect(body.content).toBe("Stream failed: Steam main");
        expect(body.allowed_mentions).toEqual({ parse: [] });
        expect(body.embeds[0]).toMatchObject({ title: "Stream failed", description: "Connection refused" });
        expect(body.embeds[0].fields).toContainEqual({ name: "Media", value: "trailer.mp4", inline: true });
      } else {
        expect(body.text).toBe("Stream failed: Steam main");
        expect(body.blocks[0]).toMatchObject({ type: "section", text: { type: "mrkdwn" } });
        expect(body.blocks[0].text.text).toContain("Next Fest &lt;!channel&gt;");
        expect(body.blocks[1].type).toBe("context");
      }
      // Recorded once the receiver's answer is back, which is after the receiver saw the request.
      const delivered = () =>
        deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.status, "delivered"));
      await waitUntil(async () => (await delivered()).length === 1, 2000, `${format} delivery recorded`);
    }
  });

  test("the delivery log keeps 30 days of finished deliveries; pending ones always stay", async () => {
    const receiver = startWebhookReceiver();
    const { deps, hook, clock } = await world(receiver);
    const row = async (status: "delivered" | "failed" | "pending", daysAgo: number) =>
      await deps.db.insert(webhookDeliveries).values({
        webhookId: hook.id,
        event: "stream.failed",
        payload: "{}",
        status,
        attempts: 1,
        // Far ahead, so the worker does not send the pending one during the test.
        nextAttemptAt: clock.t + 86_400_000,
        createdAt: clock.t - daysAgo * 86_400_000,
      });
    await row("delivered", 31);
    await row("failed", 45);
    await row("delivered", 29);
    await row("pending", 40);
    await worker(deps).tick();
    expect((await rows(deps)).map((r) => r.status).sort()).toEqual(["delivered", "pending"]);
  });
});
