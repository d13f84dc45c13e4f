import { describe, expect, test } from "bun:test";
import { login } from "@server/features/auth/auth";
import { projects, sessions, users } from "@server/platform/db/schema";
import { AUTH } from "@shared/messages/auth";
import { PROJECTS } from "@shared/messages/projects";
import { USERS } from "@shared/messages/users";
import { eq } from "drizzle-orm";
import {
  callerFor,
  makeOrg,
  makeProject,
  makeUser,
  TEST_PASSWORD,
  testApp,
  testDeps,
} from "../../support/server";

async function adminWorld() {
  const deps = testDeps();
  const org = await makeOrg(deps, "Home");
  const admin = await makeUser(deps, { orgId: org.id, role: "admin", name: "Ada Admin" });
  return { deps, org, admin, caller: await callerFor(deps, admin.email) };
}

const sessionCount = async (deps: ReturnType<typeof testDeps>, userId: number) =>
  (await deps.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe("users.list and users.get", () => {
  test("answer the spec's fields; search matches name or email; role filters", async () => {
    const { deps, org, admin, caller } = await adminWorld();
    const dev = await makeUser(deps, {
      orgId: org.id,
      role: "developer",
      name: "Dana Dev",
      email: "dana@studio.io",
    });
    await makeUser(deps, { orgId: org.id, role: "viewer", name: "Vic Viewer" });
    const p1 = await makeProject(deps, { orgId: org.id, createdBy: dev.id, name: "Made by Dana" });
    await makeProject(deps, { orgId: org.id, createdBy: admin.id });
    const all = await caller.users.list();
    expect(all).toHaveLength(3);
    const row = all.find((u) => u.id === dev.id);
    expect(row).toEqual({
      id: dev.id,
      name: "Dana Dev",
      email: "dana@studio.io",
      role: "developer",
      is_active: true,
      org_id: org.id,
      org_name: "Home",
      last_login: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      auth_provider: "local",
      assigned_projects_count: 1,
    });
    expect(all.find((u) => u.id === admin.id)!.last_login).toMatch(/Z$/);
    expect((await caller.users.list({ search: "DANA" })).map((u) => u.id)).toEqual([dev.id]);
    expect((await caller.users.list({ search: "studio.io" })).map((u) => u.id)).toEqual([dev.id]);
    expect((await caller.users.list({ role: "viewer" })).map((u) => u.name)).toEqual(["Vic Viewer"]);
    expect(await caller.users.list({ search: "dana", role: "viewer" })).toEqual([]);
    expect(await caller.users.list({ role: "" })).toHaveLength(3);
    const details = await caller.users.get({ id: dev.id });
    expect(details).toEqual({ ...row!, assigned_projects: [{ id: p1.id, name: "Made by Dana" }] });
    await expect(caller.users.get({ id: 9999 })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: USERS.notFound,
    });
  });

  test("never answer a password hash", async () => {
    const { deps, org, caller } = await adminWorld();
    const u = await makeUser(deps, { orgId: org.id });
    const text = JSON.stringify([await caller.users.list(), await caller.users.get({ id: u.id })]);
    expect(text).not.toContain("argon2");
    expect(text).not.toContain("password");
  });
});

describe("users.create", () => {
  test("stores the email lower-cased; the new user can sign in", async () => {
    const { deps, org, caller } = await adminWorld();
    const res = await caller.users.create({
      email: "  New.Person@Example.COM ",
      name: " Nora ",
      role: "manager",
      password: "secret1",
      is_active: true,
      org_id: String(org.id),
    });
    expect(res).toMatchObject({
      success: true,
      message: USERS.created,
      user: {
        email: "new.person@example.com",
        name: "Nora",
        role: "manager",
        org_id: org.id,
        org_name: "Home",
      },
    });
    const signed = await login(deps, { email: "NEW.PERSON@example.com", password: "secret1" }, "t");
    expect(signed.user.id).toBe(res.user.id);
  });

  test("a duplicate email in any case is 409 and creates nothing", async () => {
    const { deps, org, caller } = await adminWorld();
    await makeUser(deps, { orgId: org.id, email: "taken@example.com" });
    const before = (await deps.db.select().from(users)).length;
    await expect(
      caller.users.create({
        email: "TAKEN@example.com",
        name: "Twin",
        role: "viewer",
        password: "secret1",
        is_active: true,
        org_id: org.id,
      }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: AUTH.emailTaken });
    expect(await deps.db.select().from(users)).toHaveLength(before);
  });

  test("defaults: role developer, active, no organization; an unknown organization is 404", async () => {
    const { caller } = await adminWorld();
    const res = await caller.users.create({ email: "d@example.com", name: "Dee", password: "secret1" });
    expect(res.user).toMatchObject({ role: "developer", is_active: true, org_id: null, org_name: null });
    await expect(
      caller.users.create({ email: "e@example.com", name: "Eve", password: "secret1", org_id: 999 }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", message: PROJECTS.organizationNotFound });
  });
});

describe("users.updateProfile", () => {
  test("changes every field; deactivating ends the user's sessions", async () => {
    const { deps, org, caller } = await adminWorld();
    const other = await makeOrg(deps, "Other");
    const u = await makeUser(deps, { orgId: org.id, role: "developer" });
    await callerFor(deps, u.email);
    expect(await sessionCount(deps, u.id)).toBe(1);
    const res = await caller.users.updateProfile({
      id: u.id,
      name: "Renamed",
      email: "Renamed@Example.com",
      role: "viewer",
      is_active: false,
      org_id: other.id,
    });
    expect(res).toMatchObject({
      message: USERS.updated,
      user: {
        name: "Renamed",
        email: "renamed@example.com",
        role: "viewer",
        is_active: false,
        org_name: "Other",
      },
    });
    expect(await sessionCount(deps, u.id)).toBe(0);
  });

  test("an email another account holds is 409; one's own email in another case is fine", async () => {
    const { deps, org, caller } = await adminWorld();
    const a = await makeUser(deps, { orgId: org.id, email: "a@example.com" });
    await makeUser(deps, { orgId: org.id, email: "b@example.com" });
    const base = { id: a.id, name: "Abe", role: "developer" as const, is_active: true, org_id: org.id };
    await expect(caller.users.updateProfile({ ...base, email: "B@example.com" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: AUTH.emailTaken,
    });
    expect((await caller.users.updateProfile({ ...base, email: "A@EXAMPLE.com" })).user.email).toBe(
      "a@example.com",
    );
  });

  test("an absent org_id keeps the organization, null removes it", async () => {
    const { deps, org, caller } = await adminWorld();
    const u = await makeUser(deps, { orgId: org.id });
    const base = { id: u.id, name: "Uma", email: u.email, role: "developer" as const, is_active: true };
    expect((await caller.users.updateProfile(base)).user.org_id).toBe(org.id);
    expect((await caller.users.updateProfile({ ...base, org_id: null })).user.org_id).toBeNull();
  });

  test("an admin cannot deactivate or demote itself", async () => {
    const { deps, admin, org, caller } = await adminWorld();
    const base = { id: admin.id, name: "Ada", email: admin.email, org_id: org.id };
    await expect(
      caller.users.updateProfile({ ...base, role: "admin", is_active: false }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: USERS.cannotDeactivateSelf,
    });
    await expect(
      caller.users.updateProfile({ ...base, role: "manager", is_active: true }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: USERS.cannotDemoteSelf,
    });
    const row = (await deps.db.select().from(users).where(eq(users.id, admin.id)))[0]!;
    expect(row).toMatchObject({ role: "admin", isActive: true, name: "Ada Admin" });
  });
});

describe("users.resetPassword and users.changeEmail", () => {
  test("reset ends the user's sessions; the old password stops working", async () => {
    const { deps, org, caller } = await adminWorld();
    const u = await makeUser(deps, { orgId: org.id, name: "Rita" });
    await callerFor(deps, u.email);
    await callerFor(deps, u.email);
    expect(await sessionCount(deps, u.id)).toBe(2);
    expect(await caller.users.resetPassword({ id: u.id, newPassword: "brand-new" })).toEqual({
      success: true,
      message: "Password reset successfully for Rita",
    });
    expect(await sessionCount(deps, u.id)).toBe(0);
    await expect(login(deps, { email: u.email, password: TEST_PASSWORD }, "x")).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    expect((await login(deps, { email: u.email, password: "brand-new" }, "y")).user.id).toBe(u.id);
  });

  test("an admin resetting its own password keeps the session it acts from", async () => {
    const { deps, admin, caller } = await adminWorld();
    await callerFor(deps, admin.email);
    expect(await sessionCount(deps, admin.id)).toBe(2);
    await caller.users.resetPassword({ id: admin.id, newPassword: "another1" });
    expect(await sessionCount(deps, admin.id)).toBe(1);
    expect(await caller.users.list()).toHaveLength(1);
  });

  test("changeEmail lower-cases, refuses a taken email with 409", async () => {
    const { deps, org, admin, caller } = await adminWorld();
    const u = await makeUser(deps, { orgId: org.id, name: "Carl" });
    expect(await caller.users.changeEmail({ id: u.id, newEmail: "Carl@New.org" })).toMatchObject({
      message: "Email changed successfully for Carl",
      user: { email: "carl@new.org" },
    });
    await expect(
      caller.users.changeEmail({ id: u.id, newEmail: admin.email.toUpperCase() }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: AUTH.emailTaken,
    });
  });
});

describe("users.setActive and users.delete", () => {
  test("deactivation ends sessions and blocks sign-in; activation lets the user back", async () => {
    const { deps, org, caller } = await adminWorld();
    const u = await makeUser(deps, { orgId: org.id });
    await callerFor(deps, u.email);
    expect(await caller.users.setActive({ id: u.id, is_active: false })).toMatchObject({
      message: USERS.deactivated,
      user: { is_active: false },
    });
    expect(await sessionCount(deps, u.id)).toBe(0);
    await expect(login(deps, { email: u.email, password: TEST_PASSWORD }, "z")).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    expect((await caller.users.setActive({ id: u.id, is_active: true })).message).toBe(USERS.activated);
    expect((await login(deps, { email: u.email, password: TEST_PASSWORD }, "z")).user.id).toBe(u.id);
  });

  test("an admin cannot deactivate or delete itself", async () => {
    const { deps, admin, caller } = await adminWorld();
    await expect(caller.users.setActive({ id: admin.id, is_active: false })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: USERS.cannotDeactivateSelf,
    });
    await expect(caller.users.delete({ id: admin.id })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: USERS.cannotDeleteSelf,
    });
    expect((await deps.db.select().from(users).where(eq(users.id, admin.id)))[0]?.isActive).toBe(true);
  });

  test("deleting a user ends its sessions and keeps its projects, whose creator reads 'Deleted user'", async () => {
    const { deps, org, caller } = await adminWorld();
    const u = await makeUser(deps, { orgId: org.id });
    const p = await makeProject(deps, { orgId: org.id, createdBy: u.id });
    await callerFor(deps, u.email);
    expect(await caller.users.delete({ id: u.id })).toEqual({ success: true, message: USERS.deleted });
    expect((await deps.db.select().from(users).where(eq(users.id, u.id)))[0]).toBeUndefined();
    expect(await sessionCount(deps, u.id)).toBe(0);
    expect((await deps.db.select().from(projects).where(eq(projects.id, p.id)))[0]?.createdBy).toBeNull();
    expect((await caller.projects.get({ id: p.id })).created_by_name).toBe(PROJECTS.deletedUser);
    await expect(caller.users.delete({ id: u.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("users over REST", () => {
  test("every path answers like its procedure", async () => {
    const { deps, call, signIn } = testApp();
    const org = await makeOrg(deps, "Home");
    const admin = await makeUser(deps, { orgId: org.id, role: "admin" });
    const cookie = await signIn(admin.email);
    const post = await call("/api/users", {
      method: "POST",
      cookie,
      json: {
        email: "r@example.com",
        name: "Rest",
        role: "viewer",
        password: "secret1",
        is_active: true,
        org_id: org.id,
      },
    });
    expect(post.status).toBe(201);
    const id = (await post.json()).user.id;
    const list = await (await call("/api/users?search=rest&role=viewer", { cookie })).json();
    expect(list.map((u: { id: number }) => u.id)).toEqual([id]);
    expect(await (await call(`/api/users/${id}`, { cookie })).json()).toMatchObject({
      id,
      assigned_projects: [],
    });
    const profile = await call(`/api/users/${id}/profile`, {
      method: "PUT",
      cookie,
      json: {
        name: "Rested",
        email: "r@example.com",
        role: "developer",
        is_active: true,
        org_id: String(org.id),
      },
    });
    expect(await profile.json()).toMatchObject({
      message: USERS.updated,
      user: { name: "Rested", role: "developer" },
    });
    const reset = await call(`/api/users/${id}/reset-password`, {
      method: "POST",
      cookie,
      json: { newPassword: "abcdef" },
    });
    expect(await reset.json()).toEqual({ success: true, message: "Password reset successfully for Rested" });
    const email = await call(`/api/users/${id}/change-email`, {
      method: "POST",
      cookie,
      json: { newEmail: "q@example.com" },
    });
    expect((await email.json()).user.email).toBe("q@example.com");
    const off = await call(`/api/users/${id}`, { method: "PUT", cookie, json: { is_active: false } });
    expect((await off.json()).message).toBe(USERS.deactivated);
    const del = await call(`/api/users/${id}`, { method: "DELETE", cookie });
    expect(await del.json()).toEqual({ success: true, message: USERS.deleted });
    expect(await deps.db.select().from(users)).toHaveLength(1);
  });
});
