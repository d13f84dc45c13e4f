import { describe, expect, test } from "bun:test";
import { apiTokens, organizations } from "@server/platform/db/schema";
import { API_TOKENS } from "@shared/messages/api-tokens";
import { eq } from "drizzle-orm";
import { bearer, clock, mintToken, sessionCookie } from "../../support/api-tokens";
import { makeOrg, makeUser, testApp, testDeps } from "../../support/server";

// A token leaked from a user who has since been shut out must stay dead: reactivating the user or
// the organization later must not bring it back, and an admin's password reset must end it.

async function world() {
  const time = clock();
  const t = testApp(testDeps({}, { now: time.now }));
  const home = await makeOrg(t.deps);
  const studio = await makeOrg(t.deps);
  const admin = await makeUser(t.deps, { orgId: home.id, role: "admin" });
  const dev = await makeUser(t.deps, { orgId: studio.id, role: "developer" });
  const manager = await makeUser(t.deps, { orgId: studio.id, role: "manager" });
  const studioAdmin = await makeUser(t.deps, { orgId: studio.id, role: "admin" });
  const adminCookie = await sessionCookie(t.deps, admin.id);
  const asAdmin = (path: string, method: string, json?: unknown) =>
    t.call(path, { method, cookie: adminCookie, json });
  const probe = async (token: string) => (await t.call("/api/projects", { headers: bearer(token) })).status;
  const tokensOf = async (userId: number) =>
    await t.deps.db.select().from(apiTokens).where(eq(apiTokens.userId, userId));
  return {
    ...t,
    time,
    home,
    studio,
    admin,
    dev,
    manager,
    studioAdmin,
    adminCookie,
    asAdmin,
    probe,
    tokensOf,
  };
}

describe("tokens end when the reason to trust them ends", () => {
  test("deactivating a user revokes its tokens; reactivating does not bring them back", async () => {
    const w = await world();
    const { token } = await mintToken(w.deps, w.dev.id);
    const cookie = await sessionCookie(w.deps, w.dev.id);
    expect(await w.probe(token)).toBe(200);

    expect((await w.asAdmin(`/api/users/${w.dev.id}`, "PUT", { is_active: false })).status).toBe(200);
    expect(await w.tokensOf(w.dev.id)).toHaveLength(0);
    expect((await w.asAdmin(`/api/users/${w.dev.id}`, "PUT", { is_active: true })).status).toBe(200);

    const res = await w.call("/api/projects", { headers: bearer(token) });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: API_TOKENS.invalid });
    expect((await w.call("/api/auth/me", { cookie })).status).toBe(401);
    // A token made after reactivation works: the user is trusted again, the old secret is not.
    expect(await w.probe((await mintToken(w.deps, w.dev.id)).token)).toBe(200);
  });

  test("deactivating through the profile form revokes the tokens too", async () => {
    const w = await world();
    const { token } = await mintToken(w.deps, w.dev.id);
    expect(await w.probe(token)).toBe(200);
    const profile = (is_active: boolean) =>
      w.asAdmin(`/api/users/${w.dev.id}/profile`, "PUT", {
        name: "Dev",
        email: w.dev.email,
        role: "developer",
        is_active,
      });
    expect((await profile(false)).status).toBe(200);
    expect((await profile(true)).status).toBe(200);
    expect(await w.probe(token)).toBe(401);
  });

  test("deactivating an organization revokes its members' tokens; reactivating does not bring them back", async () => {
    const w = await world();
    const devToken = (await mintToken(w.deps, w.dev.id)).token;
    const managerToken = (await mintToken(w.deps, w.manager.id)).token;
    const adminToken = (await mintToken(w.deps, w.studioAdmin.id)).token;
    const devCookie = await sessionCookie(w.deps, w.dev.id);
    for (const token of [devToken, managerToken, adminToken]) expect(await w.probe(token)).toBe(200);

    const update = (is_active: boolean) =>
      w.asAdmin(`/api/organizations/${w.studio.id}`, "PUT", { name: w.studio.name, is_active });
    expect((await update(false)).status).toBe(200);
    expect((await update(true)).status).toBe(200);

    expect(await w.probe(devToken)).toBe(401);
    expect(await w.probe(managerToken)).toBe(401);
    expect((await w.call("/api/auth/me", { cookie: devCookie })).status).toBe(401);
    // Administrators keep working through their organization's deactivation, so their tokens stay.
    expect(await w.probe(adminToken)).toBe(200);
  });

  test("a token refused while its owner is shut out is gone for good, however the shutting out happened", async () => {
    const w = await world();
    const { token } = await mintToken(w.deps, w.dev.id);
    // Moved into a deactivated organization: no revoking event ran, the refusal itself revokes.
    const closed = await makeOrg(w.deps);
    await w.deps.db.update(organizations).set({ isActive: false }).where(eq(organizations.id, closed.id));
    const move = (orgId: number) =>
      w.asAdmin(`/api/users/${w.dev.id}/profile`, "PUT", {
        name: "Dev",
        email: w.dev.email,
        role: "developer",
        is_active: true,
        org_id: orgId,
      });
    expect((await move(closed.id)).status).toBe(200);
    expect(await w.probe(token)).toBe(401);
    expect((await move(w.studio.id)).status).toBe(200);
    expect(await w.probe(token)).toBe(401);
  });

  test("deleting a user revokes its tokens", async () => {
    const w = await world();
    const { token } = await mintToken(w.deps, w.dev.id);
    expect(await w.probe(token)).toBe(200);
    expect((await w.asAdmin(`/api/users/${w.dev.id}`, "DELETE")).status).toBe(200);
    expect(await w.probe(token)).toBe(401);
    expect(await w.tokensOf(w.dev.id)).toHaveLength(0);
  });

  test("an admin's password reset revokes the user's tokens and sessions", async () => {
    const w = await world();
    const { token } = await mintToken(w.deps, w.dev.id);
    const cookie = await sessionCookie(w.deps, w.dev.id);
    expect(await w.probe(token)).toBe(200);
    const reset = await w.asAdmin(`/api/users/${w.dev.id}/reset-password`, "POST", {
      newPassword: "fresh-start-99",
    });
    expect(reset.status).toBe(200);
    const res = await w.call("/api/projects", { headers: bearer(token) });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: API_TOKENS.invalid });
    expect((await w.call("/api/auth/me", { cookie })).status).toBe(401);
  });

  test("an admin resetting its own password keeps only the token it acts with", async () => {
    const w = await world();
    const acting = (await mintToken(w.deps, w.admin.id)).token;
    const other = (await mintToken(w.deps, w.admin.id)).token;
    const reset = await w.call(`/api/users/${w.admin.id}/reset-password`, {
      method: "POST",
      headers: bearer(acting),
      json: { newPassword: "fresh-start-99" },
    });
    expect(reset.status).toBe(200);
    expect(await w.probe(acting)).toBe(200);
    expect(await w.probe(other)).toBe(401);
    expect((await w.call("/api/auth/me", { cookie: w.adminCookie })).status).toBe(401);
  });

  test("a user's own password change keeps its tokens", async () => {
    const w = await world();
    const { token } = await mintToken(w.deps, w.dev.id);
    const res = await w.call("/api/auth/change-password", {
      method: "POST",
      cookie: await sessionCookie(w.deps, w.dev.id),
      json: { currentPassword: "password123", newPassword: "fresh-start-99" },
    });
    expect(res.status).toBe(200);
    expect(await w.probe(token)).toBe(200);
  });
});
