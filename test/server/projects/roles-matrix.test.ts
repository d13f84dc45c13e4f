import { describe, expect, test } from "bun:test";
import type { AppDeps } from "@server/deps";
import { organizations, projects, sessions, users } from "@server/platform/db/schema";
import { ROLES, type Role } from "@shared/roles";
import { asc } from "drizzle-orm";
import { callerFor, makeOrg, makeProject, makeUser, testApp } from "../../support/server";

// Every role against every project, organization and user mutation, once through createCaller and
// once over HTTP. A refused call must answer 403 and leave every table as it was.

type Caller = Awaited<ReturnType<typeof callerFor>>;

async function world() {
  const t = testApp();
  const { deps } = t;
  const orgA = await makeOrg(deps, "Org A");
  const orgB = await makeOrg(deps, "Org B");
  const emptyOrg = await makeOrg(deps, "Empty Org");
  const actors = {} as Record<Role, { id: number; email: string }>;
  for (const role of ROLES) actors[role] = await makeUser(deps, { orgId: orgA.id, role });
  const target = await makeUser(deps, { orgId: orgA.id, role: "developer", name: "Target" });
  const project = await makeProject(deps, { orgId: orgA.id, createdBy: target.id, name: "Project A" });
  await t.signIn(target.email);
  return { ...t, orgA, orgB, emptyOrg, actors, target, project };
}
type World = Awaited<ReturnType<typeof world>>;

/** Every row that matters, sessions included (a refused reset or deactivation must not end them). */
async function snapshot(deps: AppDeps) {
  return JSON.stringify([
    await deps.db.select().from(organizations).orderBy(asc(organizations.id)),
    await deps.db.select().from(users).orderBy(asc(users.id)),
    await deps.db.select().from(projects).orderBy(asc(projects.id)),
    await deps.db.select().from(sessions).orderBy(asc(sessions.id)),
  ]);
}

interface Mutation {
  name: string;
  allowed: readonly Role[];
  trpc: (c: Caller, w: World) => Promise<unknown>;
  http: (w: World) => { method: string; path: string; json?: unknown };
}

const newUser = {
  email: "fresh@example.com",
  name: "Fresh",
  role: "viewer",
  password: "secret1",
  is_active: true,
};
const profile = (w: World) => ({
  name: "Changed",
  email: "changed@example.com",
  role: "viewer" as const,
  is_active: false,
  org_id: w.orgB.id,
});

const MUTATIONS: Mutation[] = [
  {
    name: "projects.create",
    allowed: ["admin", "manager"],
    trpc: (c, w) => c.projects.create({ name: "Matrix", org_id: w.orgA.id }),
    http: (w) => ({
      method: "POST",
      path: "/api/projects",
      json: { name: "Matrix", org_id: String(w.orgA.id) },
    }),
  },
  {
    name: "projects.update",
    allowed: ["admin", "manager"],
    trpc: (c, w) => c.projects.update({ id: w.project.id, name: "Changed", description: "x" }),
    http: (w) => ({
      method: "PUT",
      path: `/api/projects/${w.project.id}`,
      json: { name: "Changed", description: "x" },
    }),
  },
  {
    name: "organizations.create",
    allowed: ["admin"],
    trpc: (c) => c.organizations.create({ name: "New Org", is_active: true }),
    http: () => ({ method: "POST", path: "/api/organizations", json: { name: "New Org", is_active: true } }),
  },
  {
    name: "organizations.update",
    allowed: ["admin"],
    trpc: (c, w) => c.organizations.update({ id: w.orgB.id, name: "Renamed", is_active: false }),
    http: (w) => ({
      method: "PUT",
      path: `/api/organizations/${w.orgB.id}`,
      json: { name: "Renamed", is_active: false },
    }),
  },
  {
    name: "organizations.delete",
    allowed: ["admin"],
    trpc: (c, w) => c.organizations.delete({ id: w.emptyOrg.id }),
    http: (w) => ({ method: "DELETE", path: `/api/organizations/${w.emptyOrg.id}` }),
  },
  {
    name: "users.create",
    allowed: ["admin"],
    trpc: (c, w) => c.users.create({ ...newUser, role: "viewer", org_id: w.orgA.id }),
    http: (w) => ({ method: "POST", path: "/api/users", json: { ...newUser, org_id: w.orgA.id } }),
  },
  {
    name: "users.updateProfile",
    allowed: ["admin"],
    trpc: (c, w) => c.users.updateProfile({ id: w.target.id, ...profile(w) }),
    http: (w) => ({ method: "PUT", path: `/api/users/${w.target.id}/profile`, json: profile(w) }),
  },
  {
    name: "users.resetPassword",
    allowed: ["admin"],
    trpc: (c, w) => c.users.resetPassword({ id: w.target.id, newPassword: "hijacked" }),
    http: (w) => ({
      method: "POST",
      path: `/api/users/${w.target.id}/reset-password`,
      json: { newPassword: "hijacked" },
    }),
  },
  {
    name: "users.changeEmail",
    allowed: ["admin"],
    trpc: (c, w) => c.users.changeEmail({ id: w.target.id, newEmail: "mine@example.com" }),
    http: (w) => ({
      method: "POST",
      path: `/api/users/${w.target.id}/change-email`,
      json: { newEmail: "mine@example.com" },
    }),
  },
  {
    name: "users.setActive",
    allowed: ["admin"],
    trpc: (c, w) => c.users.setActive({ id: w.target.id, is_active: false }),
    http: (w) => ({ method: "PUT", path: `/api/users/${w.target.id}`, json: { is_active: false } }),
  },
  {
    name: "users.delete",
    allowed: ["admin"],
    trpc: (c, w) => c.users.delete({ id: w.target.id }),
    http: (w) => ({ method: "DELETE", path: `/api/users/${w.target.id}` }),
  },
];

async function viaHttp(w: World, cookie: string, m: Mutation) {
  const { method, path, json } = m.http(w);
  return w.call(path, { method, cookie, json });
}

describe("role matrix through createCaller", () => {
  for (const role of ROLES) {
    const refused = MUTATIONS.filter((m) => !m.allowed.includes(role));
    const allowed = MUTATIONS.filter((m) => m.allowed.includes(role));

    if (refused.length > 0) {
      test(`${role} is refused ${refused.map((m) => m.name).join(", ")} with 403, nothing changed`, async () => {
        const w = await world();
        const caller = await callerFor(w.deps, w.actors[role].email);
        for (const m of refused) {
          const before = await snapshot(w.deps);
          await expect(m.trpc(caller, w), `${role} ${m.name}`).rejects.toMatchObject({ code: "FORBIDDEN" });
          expect(await snapshot(w.deps), `${role} ${m.name} changed data`).toBe(before);
        }
      });
    }

    for (const m of allowed) {
      test(`${role} may ${m.name}`, async () => {
        const w = await world();
        const caller = await callerFor(w.deps, w.actors[role].email);
        const before = await snapshot(w.deps);
        await m.trpc(caller, w);
        expect(await snapshot(w.deps)).not.toBe(before);
      });
    }
  }
});

describe("role matrix over HTTP", () => {
  for (const role of ROLES) {
    const refused = MUTATIONS.filter((m) => !m.allowed.includes(role));
    const allowed = MUTATIONS.filter((m) => m.allowed.includes(role));

    if (refused.length > 0) {
      test(`${role} gets 403 { error } on every refused path, nothing changed`, async () => {
        const w = await world();
        const cookie = await w.signIn(w.actors[role].email);
        for (const m of refused) {
          const before = await snapshot(w.deps);
          const res = await viaHttp(w, cookie, m);
          expect(res.status, `${role} ${m.name}`).toBe(403);
          expect(await res.json()).toEqual({ error: expect.any(String) });
          expect(await snapshot(w.deps), `${role} ${m.name} changed data`).toBe(before);
        }
      });
    }

    for (const m of allowed) {
      test(`${role} may ${m.name} over HTTP`, async () => {
        const w = await world();
        const cookie = await w.signIn(w.actors[role].email);
        const before = await snapshot(w.deps);
        const res = await viaHttp(w, cookie, m);
        expect(res.status).toBeLessThan(300);
        expect(await snapshot(w.deps)).not.toBe(before);
      });
    }
  }
});

describe("admin-only reads", () => {
  test("users.list and users.get answer 403 to every other role, over tRPC and HTTP", async () => {
    const w = await world();
    for (const role of ["manager", "developer", "viewer"] as const) {
      const caller = await callerFor(w.deps, w.actors[role].email);
      await expect(caller.users.list()).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.users.get({ id: w.target.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
      const cookie = await w.signIn(w.actors[role].email);
      expect((await w.call("/api/users", { cookie })).status).toBe(403);
      expect((await w.call(`/api/users/${w.target.id}`, { cookie })).status).toBe(403);
    }
  });

  test("a manager may create a project only in its own organization", async () => {
    const w = await world();
    const caller = await callerFor(w.deps, w.actors.manager.email);
    const before = await snapshot(w.deps);
    await expect(caller.projects.create({ name: "Sneaky", org_id: w.orgB.id })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const cookie = await w.signIn(w.actors.manager.email);
    const mid = await snapshot(w.deps);
    const res = await w.call("/api/projects", {
      method: "POST",
      cookie,
      json: { name: "Sneaky", org_id: w.orgB.id },
    });
    expect(res.status).toBe(403);
    expect(await snapshot(w.deps)).toBe(mid);
    expect(JSON.parse(before)[2]).toEqual(JSON.parse(mid)[2]);
  });
});
