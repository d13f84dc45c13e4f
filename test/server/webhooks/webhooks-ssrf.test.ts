import { afterAll, describe, expect, test } from "bun:test";
import type { AppDeps } from "@server/deps";
import { deliveryWorker } from "@server/features/webhooks/delivery";
import { webhookDeliveries, webhooks } from "@server/platform/db/schema";
import { WEBHOOKS } from "@shared/messages/webhooks";
import { TRPCError } from "@trpc/server";
import { startWebhookReceiver } from "../../fakes/webhook-receiver";
import { testResolver } from "../../support/resolver";
import { callerFor, makeOrg, makeProject, makeUser, testApp, testDeps } from "../../support/server";
import { waitUntil } from "../../support/wait";

// A manager must not turn webhooks into a scanner of the console's own network: addresses inside
// it are refused when the webhook is added, at "Send test" and before every delivery, whatever the
// spelling and whatever a name resolves to at that moment.

const receiver = startWebhookReceiver();
afterAll(() => receiver.stop());
const port = new URL(receiver.url).port;

/** Names this test's resolver answers; a test "rebinds" one by changing it. */
const answers = new Map<string, string[]>([
  ["inside.studio.example", ["10.1.2.3"]],
  ["mixed.studio.example", ["203.0.113.7", "127.0.0.1"]],
  ["metadata-alias.studio.example", ["169.254.169.254"]],
  ["public.studio.example", ["203.0.113.7"]],
]);

async function world(env: Record<string, string> = {}, names = answers) {
  const t = testApp(testDeps(env, { resolve: testResolver(names) }));
  const org = await makeOrg(t.deps);
  const project = await makeProject(t.deps, { orgId: org.id });
  const manager = await makeUser(t.deps, { role: "manager", orgId: org.id });
  const cookie = await t.signIn(manager.email);
  return { ...t, project, cookie, trpc: await callerFor(t.deps, manager.email) };
}

const hooks = async (deps: AppDeps) => await deps.db.select().from(webhooks);
const deliveries = async (deps: AppDeps) => await deps.db.select().from(webhookDeliveries);
const body = (url: string) => ({ url, format: "generic", events: ["stream.failed"] });

/** Always refused: link-local, cloud metadata, unspecified, multicast, broadcast. */
const NEVER = [
  "http://169.254.169.254/latest/meta-data/",
  "http://[fd00:ec2::254]/latest/meta-data/",
  "http://100.100.100.200/latest/meta-data/",
  "http://metadata.google.internal/computeMetadata/v1/",
  "http://METADATA.GOOGLE.INTERNAL./computeMetadata/v1/",
  "http://[::ffff:a9fe:a9fe]/",
  "http://2852039166/",
  "http://169.254.1.1/",
  "http://[fe80::1]/",
  "http://0.0.0.0/",
  "http://0/",
  "http://[::]/",
  "http://224.0.0.1/",
  "http://[ff02::1]/",
  "http://255.255.255.255/",
  "http://metadata-alias.studio.example/",
];
/** Refused unless ALLOW_PRIVATE_TARGETS is on: loopback, RFC 1918, ULA and CGNAT, in every spelling. */
const INSIDE = [
  `http://127.0.0.1:${port}/api/auth/logout`,
  "http://2130706433/",
  "http://0x7f000001/",
  "http://127.1/",
  "http://0177.0.0.1/",
  "https://[::1]/",
  "http://[::ffff:127.0.0.1]/",
  "http://[::ffff:7f00:1]/",
  "http://localhost/",
  "http://10.0.0.1/",
  "http://172.16.0.1/",
  "http://192.168.1.1/",
  "http://100.64.0.1/",
  "http://[fd12:3456::1]/",
  "http://inside.studio.example/hook",
  "http://mixed.studio.example/hook",
];

describe("webhook targets inside the network", () => {
  test("every dangerous address is refused at creation over REST, 400 JSON, nothing written", async () => {
    const w = await world();
    for (const url of [...NEVER, ...INSIDE]) {
      const res = await w.call(`/api/projects/${w.project.id}/webhooks`, {
        method: "POST",
        cookie: w.cookie,
        json: body(url),
      });
      expect({ url, status: res.status, body: await res.json() }).toEqual({
        url,
        status: 400,
        body: { error: WEBHOOKS.targetRefused },
      });
    }
    expect(await hooks(w.deps)).toHaveLength(0);
  });

  test("and over tRPC", async () => {
    const w = await world();
    for (const url of [...NEVER, ...INSIDE]) {
      const err = await w.trpc.webhooks
        .create({ project_id: w.project.id, ...body(url) } as never)
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TRPCError);
      expect({ url, code: (err as TRPCError).code, message: (err as TRPCError).message }).toEqual({
        url,
        code: "BAD_REQUEST",
        message: WEBHOOKS.targetRefused,
      });
    }
    expect(await hooks(w.deps)).toHaveLength(0);
  });

  test("ALLOW_PRIVATE_TARGETS=on lets loopback and private in; link-local and metadata stay out", async () => {
    const w = await world({ ALLOW_PRIVATE_TARGETS: "on" });
    for (const url of NEVER) {
      const res = await w.call(`/api/projects/${w.project.id}/webhooks`, {
        method: "POST",
        cookie: w.cookie,
        json: body(url),
      });
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
    }
    for (const url of [
      receiver.url,
      "http://10.0.0.1/",
      "http://[fd12:3456::1]/",
      "http://inside.studio.example/",
    ]) {
      const res = await w.call(`/api/projects/${w.project.id}/webhooks`, {
        method: "POST",
        cookie: w.cookie,
        json: body(url),
      });
      expect({ url, status: res.status }).toEqual({ url, status: 201 });
    }
    // The studio's own receiver on this machine works end to end.
    const local = (await hooks(w.deps)).find((h) => h.url === receiver.url)!;
    const sent = await w.call(`/api/webhooks/${local.id}/test`, { method: "POST", cookie: w.cookie });
    expect(await sent.json()).toMatchObject({ status: "delivered", http_status: 204 });
  });

  test("a name that rebinds inside after creation: Send test is refused and nothing is queued", async () => {
    const names = new Map([["rebind.studio.example", ["203.0.113.7"]]]);
    const w = await world({}, names);
    const url = `http://rebind.studio.example:${port}/hook`;
    const created = await w.call(`/api/projects/${w.project.id}/webhooks`, {
      method: "POST",
      cookie: w.cookie,
      json: body(url),
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    names.set("rebind.studio.example", ["127.0.0.1"]);
    const before = receiver.received.length;

    const sent = await w.call(`/api/webhooks/${id}/test`, { method: "POST", cookie: w.cookie });
    expect(sent.status).toBe(400);
    expect(await sent.json()).toEqual({ error: WEBHOOKS.targetRefused });
    const viaTrpc = await w.trpc.webhooks.test({ id }).catch((e: unknown) => e);
    expect((viaTrpc as TRPCError).message).toBe(WEBHOOKS.targetRefused);
    expect(await deliveries(w.deps)).toHaveLength(0);
    expect(receiver.received.length).toBe(before);
  });

  test("a delivery to a name now inside is recorded as not sent, without connecting, and not retried", async () => {
    const names = new Map([["rebind.studio.example", ["203.0.113.7"]]]);
    const w = await world({}, names);
    const created = await w.call(`/api/projects/${w.project.id}/webhooks`, {
      method: "POST",
      cookie: w.cookie,
      json: body(`http://rebind.studio.example:${port}/hook`),
    });
    expect(created.status).toBe(201);
    names.set("rebind.studio.example", ["127.0.0.1"]);
    const before = receiver.received.length;

    const delivery = deliveryWorker(w.deps);
    delivery.start();
    try {
      w.deps.events.emit({
        type: "stream.failed",
        projectId: w.project.id,
        at: w.deps.now(),
        streamId: 1,
        destinationId: 1,
        destinationName: "Steam main",
        mediaName: "trailer.mp4",
        message: "The ingest closed the connection.",
      } as never);
      await waitUntil(async () => (await deliveries(w.deps))[0]?.attempts === 1, 5000, "the refused attempt");
    } finally {
      await delivery.stop();
    }
    expect((await deliveries(w.deps))[0]).toMatchObject({
      status: "failed",
      httpStatus: null,
      attempts: 1,
      lastError: WEBHOOKS.notSentRefused,
    });
    expect(receiver.received.length).toBe(before);
  });

  test("a delivery goes to the address that was checked, with the name kept in Host", async () => {
    const names = new Map([["hooks.studio.example", ["127.0.0.1"]]]);
    const w = await world({ ALLOW_PRIVATE_TARGETS: "on" }, names);
    const created = await w.call(`/api/projects/${w.project.id}/webhooks`, {
      method: "POST",
      cookie: w.cookie,
      json: body(`http://hooks.studio.example:${port}/hook`),
    });
    const { id } = await created.json();
    const before = receiver.received.length;
    const sent = await w.call(`/api/webhooks/${id}/test`, { method: "POST", cookie: w.cookie });
    expect(await sent.json()).toMatchObject({ status: "delivered" });
    expect(receiver.received.length).toBe(before + 1);
    expect(receiver.received.at(-1)!.headers.host).toBe(`hooks.studio.example:${port}`);
  });
});
