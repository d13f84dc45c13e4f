import { afterEach, describe, expect, test } from "bun:test";
import type { AppDeps } from "@server/deps";
import { reportDownNodes } from "@server/features/nodes/node-down";
import { upsertBeat } from "@server/features/nodes/node-store";
import { announceStreamMoved } from "@server/features/nodes/stream-moved";
import { WebhookSender } from "@server/features/webhooks/sender";
import { jobs, streams, webhookDeliveries, webhooks } from "@server/platform/db/schema";
import { JobRunner } from "@server/platform/jobs/runner";
import { NODE_DOWN_AFTER_MS } from "@shared/schemas/nodes";
import type { WebhookEvent } from "@shared/schemas/webhooks";
import { startWebhookReceiver } from "@test/fakes/webhook-receiver";
import { makeOrg, makeProject, testDeps } from "@test/support/server";
import { waitUntil } from "@test/support/wait";
import { eq } from "drizzle-orm";

const T0 = Date.UTC(2026, 3, 1, 12);

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function hook(
  deps: AppDeps,
  projectId: number,
  events: WebhookEvent[],
  url = "https://hooks.example/x",
) {
  const [row] = await deps.db
    .insert(webhooks)
    .values({ projectId, url, format: "generic", events, secret: "whsec_test" })
    .returning();
  return row!;
}

const beat = (deps: AppDeps, name: string, at: number, streamsNow = 0) =>
  upsertBeat(deps.db, {
    name,
    maxStreams: null,
    startedAt: T0,
    at,
    streams: streamsNow,
    cpuPercent: 1,
    rssBytes: 1,
  });

const deliveries = async (deps: AppDeps) =>
  (await deps.db.select().from(webhookDeliveries)).map((d) => ({
    webhookId: d.webhookId,
    event: d.event,
    payload: JSON.parse(d.payload),
  }));

describe("node.down", () => {
  test("told once per outage to every webhook that lists it, whichever nodes look, in any organization", async () => {
    const deps = testDeps();
    const orgA = await makeOrg(deps);
    const orgB = await makeOrg(deps);
    const pA = await makeProject(deps, { orgId: orgA.id, name: "Alpha" });
    const pB = await makeProject(deps, { orgId: orgB.id, name: "Beta" });
    const hookA = await hook(deps, pA.id, ["node.down"]);
    const hookB = await hook(deps, pB.id, ["stream.failed", "node.down"]);
    await hook(deps, pB.id, ["stream.failed"]);
    // Three nodes: a beats on, b and c stopped beating (b with 2 streams).
    const now = T0 + 60_000;
    await beat(deps, "node-a", now - 1_000);
    await beat(deps, "node-b", now - NODE_DOWN_AFTER_MS - 1, 2);
    await beat(deps, "node-c", now - NODE_DOWN_AFTER_MS - 5_000);

    // Two nodes look at the same moment: the outage of each is recorded once.
    const [one, two] = await Promise.all([reportDownNodes(deps.db, now), reportDownNodes(deps.db, now)]);
    expect([...one!, ...two!].map((n) => n.name).sort()).toEqual(["node-b", "node-c"]);
    const sent = await deliveries(deps);
    expect(sent).toHaveLength(4);
    expect(sent.every((d) => d.event === "node.down")).toBe(true);
    expect(sent.map((d) => d.webhookId).sort()).toEqual([hookA.id, hookA.id, hookB.id, hookB.id].sort());
    expect(sent.find((d) => d.webhookId === hookB.id && d.payload.node === "node-b")?.payload).toMatchObject({
      event: "node.down",
      project_id: pB.id,
      project_name: "Beta",
      node: "node-b",
      last_heartbeat_at: new Date(now - NODE_DOWN_AFTER_MS - 1).toISOString(),
      streams: 2,
    });
    // Looking again tells nothing new.
    expect(await reportDownNodes(deps.db, now + 5_000)).toEqual([]);
    expect(await deliveries(deps)).toHaveLength(4);

    // node-b comes back, then goes down again: a second outage, told again.
    await beat(deps, "node-b", now + 6_000);
    expect(await reportDownNodes(deps.db, now + 7_000)).toEqual([]);
    const later = now + 6_000 + NODE_DOWN_AFTER_MS + 1;
    await beat(deps, "node-a", later);
    expect((await reportDownNodes(deps.db, later)).map((n) => n.name)).toEqual(["node-b"]);
    expect(await deliveries(deps)).toHaveLength(6);
  });

  test("the syncs a node that went down was running end interrupted, and their keys are free again", async () => {
    const deps = testDeps();
    const now = T0 + 60_000;
    await beat(deps, "node-a", now);
    await beat(deps, "node-b", now - NODE_DOWN_AFTER_MS - 1);
    const base = { kind: "sync", status: "running" as const, startedAt: T0, updatedAt: T0 };
    await deps.db.insert(jobs).values([
      { ...base, key: "on-a", node: "node-a" },
      { ...base, key: "on-b", node: "node-b" },
    ]);
    await reportDownNodes(deps.db, now);
    const rows = await deps.db.select({ key: jobs.key, status: jobs.status }).from(jobs);
    expect(rows.sort((x, y) => x.key.localeCompare(y.key))).toEqual([
      { key: "on-a", status: "running" },
      { key: "on-b", status: "interrupted" },
    ]);
  });
});

describe("stream.moved", () => {
  test("queued for the stream's project's webhooks that list it; other projects and organizations get nothing", async () => {
    const deps = testDeps({}, { now: () => T0 });
    const org = await makeOrg(deps);
    const other = await makeOrg(deps);
    const project = await makeProject(deps, { orgId: org.id, name: "Alpha" });
    const sibling = await makeProject(deps, { orgId: org.id, name: "Alpha 2" });
    const foreign = await makeProject(deps, { orgId: other.id, name: "Gamma" });
    const listening = await hook(deps, project.id, ["stream.moved"]);
    await hook(deps, project.id, ["stream.failed"]);
    await hook(deps, sibling.id, ["stream.moved"]);
    await hook(deps, foreign.id, ["stream.moved", "node.down"]);
    const [stream] = await deps.db
      .insert(streams)
      .values({
        projectId: project.id,
        mediaName: "trailer.mp4",
        destinationName: "Steam main",
        destinationType: "custom",
        status: "running",
      })
      .returning({ id: streams.id });

    const rows = await announceStreamMoved(deps, { streamId: stream!.id, from: "node-a", to: "node-b" });
    expect(rows.map((r) => r.webhookId)).toEqual([listening.id]);
    expect(await deliveries(deps)).toEqual([
      {
        webhookId: listening.id,
        event: "stream.moved",
        payload: expect.objectContaining({
          event: "stream.moved",
          at: new Date(T0).toISOString(),
          stream_id: stream!.id,
          project_id: project.id,
          destination_id: null,
          from: "node-a",
          to: "node-b",
        }),
      },
    ]);
    // No node recorded before: `from` is null. A stream that is gone queues nothing.
    const second = await announceStreamMoved(deps, { streamId: stream!.id, from: null, to: "node-c" });
    expect(JSON.parse(second[0]!.payload)).toMatchObject({ from: null, to: "node-c" });
    expect(await announceStreamMoved(deps, { streamId: 999_999, from: "node-a", to: "node-b" })).toEqual([]);
  });
});

describe("once across nodes", () => {
  test("a sync started on two nodes at once runs on one; the other joins it and gets its result", async () => {
    const deps = testDeps();
    const runnerA = new JobRunner({ db: deps.db, now: Date.now, node: "node-a", pollMs: 10 });
    const runnerB = new JobRunner({ db: deps.db, now: Date.now, node: "node-b", pollMs: 10 });
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const work = async () => {
      runs++;
      await gate;
      return { records: 3 };
    };
    const spec = { kind: "sync", key: "all-apps", projectId: null, startedBy: null };
    const [a, b] = await Promise.all([runnerA.start(spec, work), runnerB.start(spec, work)]);
    expect(a.id).toBe(b.id);
    expect([a.joined, b.joined].sort()).toEqual([false, true]);
    release();
    expect(await a.finished).toEqual({ records: 3 });
    expect(await b.finished).toEqual({ records: 3 });
    expect(runs).toBe(1);
    expect(await deps.db.select({ id: jobs.id }).from(jobs)).toHaveLength(1);
    // Done: the key is free, and the next start runs anew.
    const again = await runnerB.start(spec, work);
    expect(again.joined).toBe(false);
    await again.finished;
    expect(runs).toBe(2);
  });

  test("a delivery two nodes read as due at once is sent once", async () => {
    const receiver = startWebhookReceiver();
    cleanups.push(() => receiver.stop());
    const deps = testDeps();
    const project = await makeProject(deps, { orgId: (await makeOrg(deps)).id });
    const h = await hook(deps, project.id, ["stream.failed"], receiver.url);
    const now = Date.now();
    const [row] = await deps.db
      .insert(webhookDeliveries)
      .values({
        webhookId: h.id,
        event: "stream.failed",
        payload: "{}",
        status: "pending",
        nextAttemptAt: now,
        createdAt: now,
      })
      .returning();
    const sender = () =>
      new WebhookSender({ db: deps.db, now: Date.now, allowPrivateTargets: true, resolve: deps.resolve });
    const [a, b] = [sender(), sender()];
    await Promise.all([a.attempt(row!, h), b.attempt(row!, h)]);
    await waitUntil(() => receiver.received.length >= 1, 5000, "the delivery");
    const [after] = await deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, row!.id));
    expect(after).toMatchObject({ status: "delivered", attempts: 1 });
    expect(receiver.received).toHaveLength(1);
  });
});
