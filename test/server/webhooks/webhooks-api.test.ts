import { afterAll, describe, expect, test } from "bun:test";
import { createSession, generateSessionToken } from "@server/features/auth/session";
import { webhookDeliveries, webhooks } from "@server/platform/db/schema";
import { WEBHOOKS } from "@shared/messages/webhooks";
import { startWebhookReceiver } from "../../fakes/webhook-receiver";
import { makeOrg, makeProject, makeUser, testApp, testDeps } from "../../support/server";
import { signedInCaller } from "../streaming/streaming-fixtures";

// The webhook REST paths: strict input, who may manage webhooks, what lists reveal.

async function world() {
  // The receiver listens on loopback, as a studio's own would on its LAN.
  const t = testApp(testDeps({ ALLOW_PRIVATE_TARGETS: "on" }));
  const org = await makeOrg(t.deps);
  const other = await makeOrg(t.deps);
  const project = await makeProject(t.deps, { orgId: org.id });
  const cookie = async (role: "admin" | "manager" | "developer" | "viewer", orgId = org.id) => {
    const user = await makeUser(t.deps, { role, orgId });
    const token = generateSessionToken();
    await createSession(t.deps.db, token, user.id, t.deps.now());
    return `session=${token}`;
  };
  return { ...t, project, manager: await cookie("manager"), cookie, otherOrg: other.id };
}

const receiver = startWebhookReceiver();
afterAll(() => receiver.stop());

const good = { url: receiver.url, format: "generic", events: ["stream.failed"] };
const countRows = async (w: Awaited<ReturnType<typeof world>>) =>
  (await w.deps.db.select().from(webhooks)).length;

describe("webhooks API", () => {
  test("a manager creates a webhook: the secret comes once, lists mask the address", async () => {
    const w = await world();
    const path = `/api/projects/${w.project.id}/webhooks`;
    const created = await w.call(path, { method: "POST", cookie: w.manager, json: good });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(body.url_masked).toBe(`${new URL(receiver.url).origin}/****`);
    const list = await (await w.call(path, { cookie: w.manager })).text();
    expect(list).not.toContain("T0KEN");
    expect(list).not.toContain(body.secret);
    expect(JSON.parse(list)).toEqual([
      expect.objectContaining({ id: body.id, format: "generic", events: ["stream.failed"] }),
    ]);

    const sent = await w.call(`/api/webhooks/${body.id}/test`, { method: "POST", cookie: w.manager });
    expect(await sent.json()).toMatchObject({
      event: "webhook.test",
      status: "delivered",
      http_status: 204,
      attempts: 1,
    });
    const log = await (await w.call(`/api/webhooks/${body.id}/deliveries`, { cookie: w.manager })).json();
    expect(log).toEqual([
      expect.objectContaining({ event: "webhook.test", status: "delivered", attempts: 1 }),
    ]);

    const gone = await w.call(`/api/webhooks/${body.id}`, { method: "DELETE", cookie: w.manager });
    expect(gone.status).toBe(200);
    expect(await countRows(w)).toBe(0);
    expect(await w.deps.db.select().from(webhookDeliveries)).toHaveLength(0);
  });

  test("bad input answers 400 JSON and writes nothing", async () => {
    const w = await world();
    const path = `/api/projects/${w.project.id}/webhooks`;
    const bad: [unknown, string][] = [
      [{ ...good, url: "ftp://example.com/x" }, WEBHOOKS.urlInvalid],
      [{ ...good, url: "javascript:alert(1)" }, WEBHOOKS.urlInvalid],
      [{ ...good, url: "not a url" }, WEBHOOKS.urlInvalid],
      [{ ...good, url: `https://example.com/${"a".repeat(2100)}` }, WEBHOOKS.urlTooLong],
      [{ ...good, url: "https://user:pass@example.com/hook" }, WEBHOOKS.urlCredentials],
      [{ ...good, url: "" }, WEBHOOKS.urlRequired],
      [{ ...good, format: "teams" }, WEBHOOKS.formatInvalid],
      [{ ...good, events: [] }, WEBHOOKS.eventsRequired],
      [{ ...good, events: ["stream.exploded"] }, WEBHOOKS.eventInvalid],
      [{ ...good, events: "stream.failed" }, WEBHOOKS.eventsRequired],
      [{ ...good, extra: 1 }, ""],
      [{ url: receiver.url, format: "generic" }, WEBHOOKS.eventsRequired],
    ];
    for (const [json, message] of bad) {
      const res = await w.call(path, { method: "POST", cookie: w.manager, json });
      expect(res.status).toBe(400);
      const body = await res.json();
      if (message) expect(body.error).toBe(message);
      else expect(typeof body.error).toBe("string");
    }
    const malformed = await w.call(path, {
      method: "POST",
      cookie: w.manager,
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(malformed.status).toBe(400);
    expect((await w.call("/api/webhooks/abc/test", { method: "POST", cookie: w.manager })).status).toBe(400);
    expect(await countRows(w)).toBe(0);
  });

  test("developers, viewers and other organizations cannot manage webhooks", async () => {
    const w = await world();
    const path = `/api/projects/${w.project.id}/webhooks`;
    const id = (await (await w.call(path, { method: "POST", cookie: w.manager, json: good })).json()).id;
    const refusals: [string, number][] = [
      [await w.cookie("developer"), 403],
      [await w.cookie("viewer"), 403],
      [await w.cookie("manager", w.otherOrg), 404],
    ];
    for (const [cookie, status] of refusals) {
      expect((await w.call(path, { cookie })).status).toBe(status);
      expect((await w.call(path, { method: "POST", cookie, json: good })).status).toBe(status);
      for (const [p, method] of [
        [`/api/webhooks/${id}`, "DELETE"],
        [`/api/webhooks/${id}/test`, "POST"],
        [`/api/webhooks/${id}/deliveries`, "GET"],
      ] as const) {
        const res = await w.call(p, { method, cookie });
        expect(res.status).toBe(status);
        expect((await res.json()).error).toBeString();
      }
    }
    expect((await w.call(path)).status).toBe(401);
    expect(await countRows(w)).toBe(1);
    expect(await w.deps.db.select().from(webhookDeliveries)).toHaveLength(0);
    const admin = await w.cookie("admin", w.otherOrg);
    expect((await w.call(`/api/webhooks/${id}`, { method: "DELETE", cookie: admin })).status).toBe(200);
  });
});

describe("webhooks procedures", () => {
  test("the tRPC input is as strict as the REST body", async () => {
    const w = await world();
    const manager = await makeUser(w.deps, { role: "manager", orgId: w.project.orgId! });
    const caller = await signedInCaller(w.deps, manager.id);
    const bad = [
      { ...good, project_id: w.project.id, extra: true },
      { ...good, project_id: "1" },
      { ...good, project_id: w.project.id, url: "file:///etc/passwd" },
    ];
    for (const input of bad)
      await expect(caller.webhooks.create(input as never)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const created = await caller.webhooks.create({
      ...good,
      format: "slack",
      project_id: w.project.id,
    } as never);
    expect(await caller.webhooks.list({ project_id: w.project.id })).toHaveLength(1);
    expect(created.secret).toBeString();
    expect(await countRows(w)).toBe(1);
  });
});
