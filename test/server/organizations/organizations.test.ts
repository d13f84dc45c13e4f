import { describe, expect, test } from "bun:test";
import { slugify } from "@server/features/organizations/organizations";
import { rawRun } from "@server/platform/db/portable";
import { organizations, projects, users } from "@server/platform/db/schema";
import { ORGANIZATIONS } from "@shared/messages/organizations";
import { sql } from "drizzle-orm";
import { callerFor, makeOrg, makeProject, makeUser, testApp, testDeps } from "../../support/server";

async function adminWorld() {
  const deps = testDeps();
  const home = await makeOrg(deps, "Home");
  const admin = await makeUser(deps, { orgId: home.id, role: "admin" });
  return { deps, home, admin, caller: await callerFor(deps, admin.email) };
}

describe("organizations.list", () => {
  test("admins see every organization with counts; search matches name or slug literally", async () => {
    const { deps, home, caller } = await adminWorld();
    const acme = (await caller.organizations.create({ name: "Acme Games", is_active: true })).organization;
    await caller.organizations.create({ name: "100% Indie", is_active: false });
    await makeUser(deps, { orgId: acme.id });
    await makeProject(deps, { orgId: acme.id });
    await makeProject(deps, { orgId: acme.id });
    const all = await caller.organizations.list();
    expect(all.map((o) => o.name)).toEqual(["100% Indie", "Acme Games", "Home"]);
    expect(all.find((o) => o.id === acme.id)).toEqual({
      id: acme.id,
      name: "Acme Games",
      slug: "acme-games",
      is_active: true,
      user_count: 1,
      project_count: 2,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(all.find((o) => o.id === home.id)!.user_count).toBe(1);
    expect((await caller.organizations.list({ search: "acme" })).map((o) => o.name)).toEqual(["Acme Games"]);
    expect((await caller.organizations.list({ search: "100-indie" })).map((o) => o.name)).toEqual([
      "100% Indie",
    ]);
    // % is a literal character in the search, not a wildcard.
    expect((await caller.organizations.list({ search: "%" })).map((o) => o.name)).toEqual(["100% Indie"]);
    expect(await caller.organizations.list({ search: "nothing like it" })).toEqual([]);
  });

  test("others see only their own organization", async () => {
    const deps = testDeps();
    const mine = await makeOrg(deps, "Mine");
    await makeOrg(deps, "Theirs");
    const manager = await makeUser(deps, { orgId: mine.id, role: "manager" });
    const caller = await callerFor(deps, manager.email);
    expect((await caller.organizations.list()).map((o) => o.id)).toEqual([mine.id]);
    expect(await caller.organizations.list({ search: "Theirs" })).toEqual([]);
  });
});

describe("organization slugs", () => {
  test("derive from the name and stay unique with -2, -3", async () => {
    const { caller } = await adminWorld();
    const slugs = [];
    for (let i = 0; i < 3; i++) {
      slugs.push(
        (await caller.organizations.create({ name: "Pixel Forge!", is_active: true })).organization.slug,
      );
    }
    expect(slugs).toEqual(["pixel-forge", "pixel-forge-2", "pixel-forge-3"]);
  });

  test("stay the same through a rename", async () => {
    const { caller } = await adminWorld();
    const a = (await caller.organizations.create({ name: "Alpha", is_active: true })).organization;
    await caller.organizations.create({ name: "Beta", is_active: true });
    const renamed = await caller.organizations.update({ id: a.id, name: "Beta", is_active: false });
    expect(renamed).toMatchObject({
      success: true,
      message: ORGANIZATIONS.updated,
      organization: { name: "Beta", slug: "alpha", is_active: false },
    });
    // The old name's slug stays taken: a new "Alpha" gets the next one.
    const again = await caller.organizations.create({ name: "Alpha", is_active: true });
    expect(again.organization.slug).toBe("alpha-2");
  });

  test("slugify keeps letters and digits only", () => {
    expect(slugify("  Café Déjà-Vu  Studios ")).toBe("cafe-deja-vu-studios");
    expect(slugify("!!!")).toBe("organization");
  });
});

describe("organizations.delete", () => {
  test("refuses with 409 while users or projects remain, saying what it holds", async () => {
    const { deps, caller } = await adminWorld();
    const org = (await caller.organizations.create({ name: "Busy", is_active: true })).organization;
    await makeUser(deps, { orgId: org.id });
    await makeUser(deps, { orgId: org.id });
    await makeProject(deps, { orgId: org.id });
    await expect(caller.organizations.delete({ id: org.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Organization still has 2 users and 1 project",
    });
    expect(await deps.db.select().from(organizations)).toHaveLength(2);
    expect(await deps.db.select().from(users)).toHaveLength(3);
    expect(await deps.db.select().from(projects)).toHaveLength(1);
  });

  test("deletes an empty organization; an unknown one is 404", async () => {
    const { deps, caller } = await adminWorld();
    const org = (await caller.organizations.create({ name: "Empty", is_active: true })).organization;
    expect(await caller.organizations.delete({ id: org.id })).toEqual({
      success: true,
      message: ORGANIZATIONS.deleted,
    });
    expect(await deps.db.select().from(organizations)).toHaveLength(1);
    await expect(caller.organizations.delete({ id: org.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
  test("a row of some other table still pointing at it makes a 409, not a 500", async () => {
    const { deps, caller } = await adminWorld();
    const org = (await caller.organizations.create({ name: "Referenced", is_active: true })).organization;
    await rawRun(deps.db, sql`create table later_feature (org_id integer references organizations(id))`);
    await rawRun(deps.db, sql`insert into later_feature values (${org.id})`);
    await expect(caller.organizations.delete({ id: org.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: ORGANIZATIONS.stillReferenced,
    });
    expect(await deps.db.select().from(organizations)).toHaveLength(2);
  });
});

describe("organizations over REST", () => {
  test("GET ?search=, POST, PUT and DELETE answer like the procedures", async () => {
    const { deps, call, signIn } = testApp();
    const admin = await makeUser(deps, { orgId: (await makeOrg(deps, "Home")).id, role: "admin" });
    const cookie = await signIn(admin.email);
    const post = await call("/api/organizations", {
      method: "POST",
      cookie,
      json: { name: "Night Owl", is_active: true },
    });
    expect(post.status).toBe(201);
    const created = await post.json();
    expect(created).toMatchObject({
      success: true,
      message: ORGANIZATIONS.created,
      organization: { slug: "night-owl" },
    });
    const id = created.organization.id;
    const found = await (await call("/api/organizations?search=owl", { cookie })).json();
    expect(found.map((o: { id: number }) => o.id)).toEqual([id]);
    const put = await call(`/api/organizations/${id}`, {
      method: "PUT",
      cookie,
      json: { name: "Day Owl", is_active: false },
    });
    expect(await put.json()).toMatchObject({
      organization: { name: "Day Owl", slug: "night-owl", is_active: false },
    });
    // A rename that leaves is_active out keeps the organization inactive.
    const rename = await call(`/api/organizations/${id}`, {
      method: "PUT",
      cookie,
      json: { name: "Dusk Owl" },
    });
    expect(await rename.json()).toMatchObject({ organization: { name: "Dusk Owl", is_active: false } });
    const del = await call(`/api/organizations/${id}`, { method: "DELETE", cookie });
    expect(await del.json()).toEqual({ success: true, message: ORGANIZATIONS.deleted });
    expect((await (await call("/api/organizations", { cookie })).json()).length).toBe(1);
  });
});
