import { describe, expect, test } from "bun:test";
import { projects, users } from "@server/platform/db/schema";
import { PROJECTS } from "@shared/messages/projects";
import { asc, eq } from "drizzle-orm";
import { callerFor, makeOrg, makeProject, makeUser, testApp } from "../../support/server";

// Tenancy from the refused side: people of organization B never see or touch organization A's project,
// and the answer for it is the same 404 a missing project gets, so its existence does not leak.

async function twoStudios() {
  const t = testApp();
  const orgA = await makeOrg(t.deps, "Studio A");
  const orgB = await makeOrg(t.deps, "Studio B");
  const ownerA = await makeUser(t.deps, { orgId: orgA.id, role: "manager" });
  const secret = await makeProject(t.deps, { orgId: orgA.id, createdBy: ownerA.id, name: "Secret A" });
  const managerB = await makeUser(t.deps, { orgId: orgB.id, role: "manager" });
  const developerB = await makeUser(t.deps, { orgId: orgB.id, role: "developer" });
  const viewerB = await makeUser(t.deps, { orgId: orgB.id, role: "viewer" });
  const mine = await makeProject(t.deps, { orgId: orgB.id, name: "Own B" });
  return { ...t, orgA, orgB, secret, mine, people: [managerB, developerB, viewerB] };
}

const projectRows = async (w: Awaited<ReturnType<typeof twoStudios>>) =>
  JSON.stringify(await w.deps.db.select().from(projects).orderBy(asc(projects.id)));

describe("another organization's project through tRPC", () => {
  test("is 404 on read and write and absent from projects.list, for every role of B", async () => {
    const w = await twoStudios();
    const before = await projectRows(w);
    for (const person of w.people) {
      const caller = await callerFor(w.deps, person.email);
      const list = await caller.projects.list();
      expect(list.map((p) => p.id)).toEqual([w.mine.id]);
      await expect(caller.projects.get({ id: w.secret.id })).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: PROJECTS.notFound,
      });
      await expect(
        caller.projects.update({ id: w.secret.id, name: "Taken over", description: "" }),
      ).rejects.toMatchObject({ code: "NOT_FOUND", message: PROJECTS.notFound });
      expect(JSON.stringify(await caller.organizations.list())).not.toContain("Studio A");
    }
    expect(await projectRows(w)).toBe(before);
  });

  test("the refusal is indistinguishable from a project that does not exist", async () => {
    const w = await twoStudios();
    const caller = await callerFor(w.deps, w.people[0]!.email);
    const errorOf = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: { code: string; message: string }) => ({ code: e.code, message: e.message }),
      );
    expect(await errorOf(caller.projects.get({ id: w.secret.id }))).toEqual(
      await errorOf(caller.projects.get({ id: 987654 })),
    );
  });
});

describe("another organization's project over HTTP", () => {
  test("REST answers 404 { error: 'Project not found' } on GET and PUT and leaves it out of GET /projects", async () => {
    const w = await twoStudios();
    const before = await projectRows(w);
    for (const person of w.people) {
      const cookie = await w.signIn(person.email);
      const list = await (await w.call("/api/projects", { cookie })).json();
      expect(list.map((p: { id: number }) => p.id)).toEqual([w.mine.id]);
      const get = await w.call(`/api/projects/${w.secret.id}`, { cookie });
      expect(get.status).toBe(404);
      expect(await get.json()).toEqual({ error: PROJECTS.notFound });
      const put = await w.call(`/api/projects/${w.secret.id}`, {
        method: "PUT",
        cookie,
        json: { name: "Taken over", description: "" },
      });
      expect(put.status).toBe(404);
      expect(await put.json()).toEqual({ error: PROJECTS.notFound });
      const orgs = await (await w.call("/api/organizations", { cookie })).json();
      expect(orgs.map((o: { id: number }) => o.id)).toEqual([w.orgB.id]);
    }
    expect(await projectRows(w)).toBe(before);
  });

  test("the tRPC endpoint answers 404 too, with no project data in the body", async () => {
    const w = await twoStudios();
    const cookie = await w.signIn(w.people[0]!.email);
    const input = encodeURIComponent(JSON.stringify({ id: w.secret.id }));
    const get = await w.call(`/api/trpc/projects.get?input=${input}`, { cookie });
    expect(get.status).toBe(404);
    const text = await get.text();
    expect(text).toContain(PROJECTS.notFound);
    expect(text).not.toContain("Secret A");
    const update = await w.call("/api/trpc/projects.update", {
      method: "POST",
      cookie,
      json: { id: w.secret.id, name: "Taken over" },
    });
    expect(update.status).toBe(404);
    const list = await w.call("/api/trpc/projects.list", { cookie });
    expect(await list.text()).not.toContain("Secret A");
    expect(await projectRows(w)).toContain("Secret A");
    expect(await projectRows(w)).not.toContain("Taken over");
  });

  test("an admin sees both organizations' projects", async () => {
    const w = await twoStudios();
    const admin = await makeUser(w.deps, { orgId: w.orgB.id, role: "admin" });
    const cookie = await w.signIn(admin.email);
    const list = await (await w.call("/api/projects", { cookie })).json();
    expect(list.map((p: { name: string }) => p.name).sort()).toEqual(["Own B", "Secret A"]);
    expect((await w.call(`/api/projects/${w.secret.id}`, { cookie })).status).toBe(200);
  });

  test("a user without an organization sees no project at all", async () => {
    const w = await twoStudios();
    const loner = await makeUser(w.deps, { orgId: w.orgA.id, role: "manager" });
    await w.deps.db.update(users).set({ orgId: null }).where(eq(users.id, loner.id));
    const caller = await callerFor(w.deps, loner.email);
    expect(await caller.projects.list()).toEqual([]);
    expect(await caller.organizations.list()).toEqual([]);
    await expect(caller.projects.get({ id: w.secret.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(caller.projects.create({ name: "X", org_id: w.orgA.id })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});
