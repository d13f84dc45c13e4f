import { afterAll, describe, expect, test } from "bun:test";
import { createSession, generateSessionToken } from "@server/features/auth/session";
import { webhooks } from "@server/platform/db/schema";
import { WEBHOOKS } from "@shared/messages/webhooks";
import { eq } from "drizzle-orm";
import { startWebhookReceiver } from "../../fakes/webhook-receiver";
import { makeOrg, makeProject, makeUser, testApp, testDeps } from "../../support/server";

// Editing a webhook: its name, address, format and events change; its signing secret does not.

const receiver = startWebhookReceiver();
afterAll(() => receiver.stop());

async function world() {
  // The receiver listens on loopback, which webhooks reach only with the setting on.
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
  const manager = await cookie("manager");
  const created = await t.call(`/api/projects/${project.id}/webhooks`, {
    method: "POST",
    cookie: manager,
    json: {
      name: "Discord #ops",
      url: `${receiver.url}/first`,
      format: "generic",
      events: ["stream.failed"],
    },
  });
  expect(created.status).toBe(201);
  const hook = (await created.json()) as { id: number; secret: string; name: string | null };
  const row = async () => (await t.deps.db.select().from(webhooks).where(eq(webhooks.id, hook.id)))[0]!;
  return { ...t, project, manager, cookie, otherOrg: other.id, hook, row };
}

describe("editing webhooks", () => {
  test("a name given at creation is listed; changing events, format and address keeps the secret", async () => {
    const w = await world();
    expect(w.hook.name).toBe("Discord #ops");
    const res = await w.call(`/api/webhooks/${w.hook.id}`, {
      method: "PUT",
      cookie: w.manager,
      json: {
        name: "Discord #launch",
        url: `${receiver.url}/second`,
        format: "discord",
        events: ["schedule.started", "schedule.ended", "preparation.failed"],
      },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      id: w.hook.id,
      name: "Discord #launch",
      format: "discord",
      events: ["schedule.started", "schedule.ended", "preparation.failed"],
    });
    expect(body.secret).toBeUndefined();
    expect((await w.row()).secret).toBe(w.hook.secret);
    expect((await w.row()).url).toBe(`${receiver.url}/second`);
    const list = await (await w.call(`/api/projects/${w.project.id}/webhooks`, { cookie: w.manager })).json();
    expect(list).toEqual([expect.objectContaining({ id: w.hook.id, name: "Discord #launch" })]);
  });

  test("one field at a time leaves the others; an empty name clears it", async () => {
    const w = await world();
    const before = await w.row();
    const res = await w.call(`/api/webhooks/${w.hook.id}`, {
      method: "PUT",
      cookie: w.manager,
      json: { events: ["stream.recovered"] },
    });
    expect(res.status).toBe(200);
    expect(await w.row()).toMatchObject({ ...before, events: ["stream.recovered"] });
    await w.call(`/api/webhooks/${w.hook.id}`, { method: "PUT", cookie: w.manager, json: { name: "  " } });
    expect((await w.row()).name).toBeNull();
  });

  test("the tRPC procedure changes the same row", async () => {
    const w = await world();
    const res = await w.call("/api/trpc/webhooks.update", {
      method: "POST",
      cookie: w.manager,
      json: { id: w.hook.id, name: "Slack", format: "slack" },
    });
    expect(res.status).toBe(200);
    expect(await w.row()).toMatchObject({ name: "Slack", format: "slack", secret: w.hook.secret });
  });

  test("a developer and a viewer are refused; another organization's manager reads it as missing", async () => {
    const w = await world();
    const before = await w.row();
    for (const role of ["developer", "viewer"] as const) {
      const res = await w.call(`/api/webhooks/${w.hook.id}`, {
        method: "PUT",
        cookie: await w.cookie(role),
        json: { name: "Mine" },
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: WEBHOOKS.forbidden });
    }
    const outsider = await w.cookie("manager", w.otherOrg);
    const foreign = await w.call(`/api/webhooks/${w.hook.id}`, {
      method: "PUT",
      cookie: outsider,
      json: { url: "https://attacker.example/hook" },
    });
    const missing = await w.call("/api/webhooks/999999", {
      method: "PUT",
      cookie: outsider,
      json: { name: "x" },
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual(await missing.json());
    expect(await w.row()).toEqual(before);
  });

  test("bad input answers 400 and changes nothing", async () => {
    const w = await world();
    const before = await w.row();
    const bad: [unknown, string][] = [
      [{}, WEBHOOKS.nothingToChange],
      [{ url: "ftp://example.com/x" }, WEBHOOKS.urlInvalid],
      [{ url: "https://user:pass@example.com/x" }, WEBHOOKS.urlCredentials],
      // Moving a webhook inside the network is refused as creating one there is, setting or not.
      [{ url: "http://169.254.169.254/latest/meta-data/" }, WEBHOOKS.targetRefused],
      [{ url: "http://[fd00:ec2::254]/" }, WEBHOOKS.targetRefused],
      [{ format: "teams" }, WEBHOOKS.formatInvalid],
      [{ events: [] }, WEBHOOKS.eventsRequired],
      [{ events: ["stream.exploded"] }, WEBHOOKS.eventInvalid],
      [{ name: "x".repeat(101) }, WEBHOOKS.nameTooLong],
      [{ name: 5 }, WEBHOOKS.nameInvalid],
      [{ secret: "whsec_mine" }, ""],
      [{ name: "ok", project_id: 2 }, ""],
    ];
    for (const [json, error] of bad) {
      const res = await w.call(`/api/webhooks/${w.hook.id}`, { method: "PUT", cookie: w.manager, json });
      expect(res.status).toBe(400);
      const body = await res.json();
      if (error) expect(body.error).toBe(error);
      else expect(typeof body.error).toBe("string");
    }
    const text = await w.call(`/api/webhooks/${w.hook.id}`, {
      method: "PUT",
      cookie: w.manager,
      body: "name=x",
      headers: { "content-type": "application/json" },
    });
    expect(text.status).toBe(400);
    expect(await w.row()).toEqual(before);
  });

  test("a name is optional at creation and may not hold control characters", async () => {
    const w = await world();
    const path = `/api/projects/${w.project.id}/webhooks`;
    const plain = await w.call(path, {
      method: "POST",
      cookie: w.manager,
      json: { url: receiver.url, format: "generic", events: ["stream.failed"] },
    });
    expect((await plain.json()).name).toBeNull();
    const bidi = await w.call(path, {
      method: "POST",
      cookie: w.manager,
      json: { name: "ops\u202e", url: receiver.url, format: "generic", events: ["stream.failed"] },
    });
    expect(bidi.status).toBe(400);
  });
});
