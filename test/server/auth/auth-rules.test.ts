import { describe, expect, test } from "bun:test";
import { LoginRateLimiter } from "@server/features/auth/rate-limit";
import { SESSION_MS } from "@server/features/auth/session";
import { sessions, users } from "@server/platform/db/schema";
import { AUTH } from "@shared/messages/auth";
import { eq } from "drizzle-orm";
import { makeOrg, makeUser, TEST_PASSWORD, testApp, testDeps } from "../../support/server";

const post = (json: unknown, cookie?: string, headers?: Record<string, string>) => ({
  method: "POST",
  json,
  cookie,
  headers,
});

describe("session rules", () => {
  test("an inactive user cannot sign in and gets the same message as a wrong password", async () => {
    const { deps, call } = testApp();
    const user = await makeUser(deps, { orgId: (await makeOrg(deps)).id, isActive: false });
    const res = await call("/api/auth/login", post({ email: user.email, password: TEST_PASSWORD }));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: AUTH.invalidCredentials });
    expect(await deps.db.select().from(sessions)).toHaveLength(0);
  });

  test("a user deactivated while signed in loses the session at once", async () => {
    const { deps, call, signIn } = testApp();
    const user = await makeUser(deps, { orgId: (await makeOrg(deps)).id });
    const cookie = await signIn(user.email);
    await deps.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await call("/api/auth/me", { cookie })).status).toBe(401);
  });

  test("an unknown email costs a full password check, like a wrong password", async () => {
    const { deps, call } = testApp();
    const user = await makeUser(deps, { orgId: (await makeOrg(deps)).id });
    const time = async (email: string) => {
      const started = performance.now();
      const res = await call("/api/auth/login", post({ email, password: "not-the-password" }));
      expect(res.status).toBe(401);
      return performance.now() - started;
    };
    await time("warm-up@example.com");
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
    const unknown = median([
      await time("ghost@example.com"),
      await time("nobody@example.com"),
      await time("x@y.z"),
    ]);
    const wrong = median([await time(user.email), await time(user.email), await time(user.email)]);
    // Without the dummy hash an unknown email answers in well under a millisecond; argon2id takes tens.
    expect(unknown).toBeGreaterThan(wrong * 0.5);
  });

  test("email is matched case-insensitively", async () => {
    const { deps, call } = testApp();
    const user = await makeUser(deps, { orgId: (await makeOrg(deps)).id });
    const res = await call(
      "/api/auth/login",
      post({ email: user.email.toUpperCase(), password: TEST_PASSWORD }),
    );
    expect(res.status).toBe(200);
  });

  test("changing the password ends the user's other sessions but keeps this one", async () => {
    const { deps, call, signIn } = testApp();
    const user = await makeUser(deps, { orgId: (await makeOrg(deps)).id });
    const mine = await signIn(user.email);
    const other = await signIn(user.email);
    const wrong = await call(
      "/api/auth/change-password",
      post({ currentPassword: "bad", newPassword: "abcdef" }, mine),
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ error: AUTH.wrongCurrentPassword });
    const short = await call(
      "/api/auth/change-password",
      post({ currentPassword: TEST_PASSWORD, newPassword: "abc" }, mine),
    );
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ error: AUTH.passwordTooShort });
    const ok = await call(
      "/api/auth/change-password",
      post({ currentPassword: TEST_PASSWORD, newPassword: "brand-new-pw" }, mine),
    );
    expect(ok.status).toBe(200);
    expect((await call("/api/auth/me", { cookie: mine })).status).toBe(200);
    expect((await call("/api/auth/me", { cookie: other })).status).toBe(401);
    const again = await call("/api/auth/login", post({ email: user.email, password: "brand-new-pw" }));
    expect(again.status).toBe(200);
  });

  test("change email needs the password and refuses a taken address", async () => {
    const { deps, call, signIn } = testApp();
    const org = await makeOrg(deps);
    const user = await makeUser(deps, { orgId: org.id });
    const other = await makeUser(deps, { orgId: org.id });
    const cookie = await signIn(user.email);
    const noPw = await call(
      "/api/auth/change-email",
      post({ newEmail: "new@example.com", password: "wrong" }, cookie),
    );
    expect(noPw.status).toBe(400);
    const taken = await call(
      "/api/auth/change-email",
      post({ newEmail: other.email.toUpperCase(), password: TEST_PASSWORD }, cookie),
    );
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: AUTH.emailTaken });
    const bad = await call(
      "/api/auth/change-email",
      post({ newEmail: "not-an-email", password: TEST_PASSWORD }, cookie),
    );
    expect(await bad.json()).toEqual({ error: AUTH.emailInvalid });
    const ok = await call(
      "/api/auth/change-email",
      post({ newEmail: "New@Example.com", password: TEST_PASSWORD }, cookie),
    );
    expect(ok.status).toBe(200);
    expect((await (await call("/api/auth/me", { cookie })).json()).email).toBe("new@example.com");
  });

  test("change name trims and enforces the spec's rules", async () => {
    const { deps, call, signIn } = testApp();
    const user = await makeUser(deps, { orgId: (await makeOrg(deps)).id });
    const cookie = await signIn(user.email);
    const empty = await call("/api/auth/change-name", post({ newName: "   " }, cookie));
    expect(await empty.json()).toEqual({ error: AUTH.nameEmpty });
    const short = await call("/api/auth/change-name", post({ newName: " a " }, cookie));
    expect(await short.json()).toEqual({ error: AUTH.nameTooShort });
    const ok = await call("/api/auth/change-name", post({ newName: "  Grace Hopper  " }, cookie));
    expect(ok.status).toBe(200);
    expect((await (await call("/api/auth/me", { cookie })).json()).name).toBe("Grace Hopper");
  });

  test("sessions slide: a session past half its life is extended, an expired one is gone", async () => {
    let now = Date.now();
    const deps = testDeps({}, { now: () => now });
    const { call, signIn } = testApp(deps);
    const user = await makeUser(deps, { orgId: (await makeOrg(deps)).id });
    const cookie = await signIn(user.email);
    const first = (await deps.db.select().from(sessions))[0]!;
    now += SESSION_MS / 2 + 1000;
    expect((await call("/api/auth/me", { cookie })).status).toBe(200);
    const slid = (await deps.db.select().from(sessions))[0]!;
    expect(slid.expiresAt).toBeGreaterThan(first.expiresAt);
    now = slid.expiresAt + 1;
    expect((await call("/api/auth/me", { cookie })).status).toBe(401);
    expect(await deps.db.select().from(sessions)).toHaveLength(0);
  });
});

describe("abuse and bad input", () => {
  test("repeated failed sign-ins from one address are answered 429, even with the right password", async () => {
    const deps = testDeps(
      {},
      { loginLimiter: new LoginRateLimiter({ perAccount: 3, windowMs: 60_000, now: () => 0 }) },
    );
    const { call } = testApp(deps);
    const user = await makeUser(deps, { orgId: (await makeOrg(deps)).id });
    for (let i = 0; i < 3; i++) {
      expect((await call("/api/auth/login", post({ email: user.email, password: "wrong-pw" }))).status).toBe(
        401,
      );
    }
    const blocked = await call("/api/auth/login", post({ email: user.email, password: TEST_PASSWORD }));
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toBe("60");
    expect(await blocked.json()).toEqual({ error: AUTH.tooManyAttempts, retryAfter: 60 });
  });

  test("the limiter forgets after its window", () => {
    let now = 0;
    const limiter = new LoginRateLimiter({ perAccount: 2, windowMs: 1000, now: () => now });
    expect(limiter.reserve("a", "x@e.com").ok).toBe(true);
    expect(limiter.reserve("a", "x@e.com").ok).toBe(true);
    const blocked = limiter.reserve("a", "x@e.com");
    expect(blocked).toEqual({ ok: false, retryAfterMs: 1000 });
    expect(limiter.reserve("b", "x@e.com").ok).toBe(true);
    now = 1001;
    expect(limiter.reserve("a", "x@e.com").ok).toBe(true);
  });

  test("a state-changing request from another origin is refused with 403", async () => {
    const { deps, call, signIn } = testApp();
    const user = await makeUser(deps, { orgId: (await makeOrg(deps)).id });
    const cookie = await signIn(user.email);
    const res = await call(
      "/api/auth/change-name",
      post({ newName: "Mallory" }, cookie, { origin: "https://evil.example" }),
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: AUTH.forbiddenOrigin });
    const trpc = await call(
      "/api/trpc/auth.changeName",
      post({ newName: "Mallory" }, cookie, { origin: "https://evil.example" }),
    );
    expect(trpc.status).toBe(403);
    const same = await call(
      "/api/auth/change-name",
      post({ newName: "Alice Ok" }, cookie, { origin: "http://localhost" }),
    );
    expect(same.status).toBe(200);
  });

  test("PUBLIC_ORIGIN decides the allowed origin and makes the cookie Secure when https", async () => {
    const { deps, call } = testApp(testDeps({ PUBLIC_ORIGIN: "https://console.example.com" }));
    const user = await makeUser(deps, { orgId: (await makeOrg(deps)).id });
    const res = await call(
      "/api/auth/login",
      post({ email: user.email, password: TEST_PASSWORD }, undefined, {
        origin: "https://console.example.com",
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toContain("Secure");
    const foreign = await call(
      "/api/auth/login",
      post({ email: user.email, password: TEST_PASSWORD }, undefined, { origin: "http://localhost" }),
    );
    expect(foreign.status).toBe(403);
  });

  test.each([
    ["malformed JSON", "{email:", 400],
    ["missing fields", "{}", 400],
    ["wrong types", JSON.stringify({ email: 42, password: ["x"] }), 400],
    ["a JSON array", "[]", 400],
  ])("sign-in with %s answers %d with an error field", async (_label, body, status) => {
    const { call } = testApp();
    const res = await call("/api/auth/login", {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(status);
    const json = await res.json();
    expect(typeof json.error).toBe("string");
    expect(JSON.stringify(json)).not.toContain("at ");
  });

  test("a 10 MB body on an auth route answers 413 with an error field", async () => {
    const { call } = testApp();
    const big = JSON.stringify({ email: "a@b.c", password: "x".repeat(10 * 1024 * 1024) });
    const res = await call("/api/auth/login", {
      method: "POST",
      body: big,
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(413);
    expect(typeof (await res.json()).error).toBe("string");
  });

  test("tRPC answers bad input with 400 and a readable message, never a stack", async () => {
    const { call } = testApp();
    const res = await call("/api/trpc/auth.login", post({ email: 5 }));
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain("email");
    expect(text).not.toContain("stack");
  });

  test("no response carries a password hash or the session id", async () => {
    const { deps, call, signIn } = testApp();
    const user = await makeUser(deps, { orgId: (await makeOrg(deps)).id });
    const cookie = await signIn(user.email);
    const session = (await deps.db.select().from(sessions))[0]!;
    const hash = (
      await deps.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, user.id))
    )[0]!.h;
    for (const path of ["/api/auth/me", "/api/trpc/auth.me", "/api/projects"]) {
      const text = await (await call(path, { cookie })).text();
      expect(text).not.toContain(hash);
      expect(text).not.toContain(session.id);
      expect(text).not.toContain("password");
    }
  });

  test("unknown API paths answer 404 JSON; health answers ok", async () => {
    const { call } = testApp();
    const res = await call("/api/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found" });
    expect(await (await call("/api/health")).json()).toEqual({ status: "ok" });
  });
});
