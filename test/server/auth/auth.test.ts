import { describe, expect, test } from "bun:test";
import { sessionIdOf } from "@server/features/auth/session";
import { sessions } from "@server/platform/db/schema";
import { AUTH } from "@shared/messages/auth";
import { eq } from "drizzle-orm";
import { makeOrg, makeUser, TEST_PASSWORD, testApp } from "../../support/server";

describe("sign-in over HTTP", () => {
  test("sets an HttpOnly session cookie and stores only the token's hash", async () => {
    const { deps, call } = testApp();
    const org = await makeOrg(deps);
    const user = await makeUser(deps, { orgId: org.id, role: "manager" });
    const res = await call("/api/auth/login", {
      method: "POST",
      json: { email: user.email, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      id: user.id,
      name: user.name,
      email: user.email,
      role: "manager",
      org_id: org.id,
      org_name: org.name,
      canCreateProjects: true,
    });
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure");
    const token = cookie.split(";")[0]!.split("=")[1]!;
    const rows = await deps.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(sessionIdOf(token));
    expect(rows[0]!.id).not.toContain(token);
    expect(JSON.stringify(body)).not.toContain("password");
  });

  test("over tRPC too: the cookie is set, and auth.me answers null where REST answers 401", async () => {
    const { deps, call } = testApp();
    const user = await makeUser(deps, { orgId: (await makeOrg(deps)).id });
    expect((await call("/api/auth/me")).status).toBe(401);
    const anonymous = await call("/api/trpc/auth.me");
    expect(anonymous.status).toBe(200);
    expect((await anonymous.json()).result.data).toBeNull();
    const res = await call("/api/trpc/auth.login", {
      method: "POST",
      json: { email: user.email, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).result.data.id).toBe(user.id);
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toContain("HttpOnly");
    const me = await call("/api/trpc/auth.me", { cookie: cookie.split(";")[0]! });
    expect((await me.json()).result.data.email).toBe(user.email);
    const out = await call("/api/trpc/auth.logout", {
      method: "POST",
      json: {},
      cookie: cookie.split(";")[0]!,
    });
    expect(out.headers.get("set-cookie")).toContain("Max-Age=0");
    expect(await deps.db.select().from(sessions)).toHaveLength(0);
  });

  test("wrong email and wrong password get the same message", async () => {
    const { deps, call } = testApp();
    const user = await makeUser(deps, { orgId: (await makeOrg(deps)).id });
    const a = await call("/api/auth/login", {
      method: "POST",
      json: { email: user.email, password: "nope-nope" },
    });
    const b = await call("/api/auth/login", {
      method: "POST",
      json: { email: "ghost@example.com", password: "x" },
    });
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(await a.json()).toEqual({ error: AUTH.invalidCredentials });
    expect(await b.json()).toEqual({ error: AUTH.invalidCredentials });
  });

  test("logged-out cookie no longer works", async () => {
    const { deps, call, signIn } = testApp();
    const user = await makeUser(deps, { orgId: (await makeOrg(deps)).id });
    const cookie = await signIn(user.email);
    expect((await call("/api/auth/me", { cookie })).status).toBe(200);
    expect((await call("/api/auth/logout", { method: "POST", cookie, json: {} })).status).toBe(200);
    const after = await call("/api/auth/me", { cookie });
    expect(after.status).toBe(401);
    expect(await deps.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });
});
