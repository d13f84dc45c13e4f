import { describe, expect, test } from "bun:test";
import { LoginRateLimiter } from "@server/features/auth/rate-limit";
import { sessions } from "@server/platform/db/schema";
import { loadEnv } from "@server/platform/env";
import { LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT, LOGIN_ATTEMPT_LIMIT_PER_ADDRESS } from "@shared/limits";
import { AUTH } from "@shared/messages/auth";
import { eq } from "drizzle-orm";
import { makeOrg, makeUser, TEST_PASSWORD, testApp, testDeps } from "../../support/server";

// The sign-in limit under the attacks it exists for: concurrent guesses, guesses interleaved with a
// valid sign-in, guesses over many accounts, and a forged X-Forwarded-For.

async function world(env: Record<string, string> = { TRUST_PROXY: "1" }) {
  const t = testApp(testDeps(env));
  const org = await makeOrg(t.deps);
  const owner = await makeUser(t.deps, { orgId: org.id, role: "admin", email: "owner@example.com" });
  const attacker = await makeUser(t.deps, { orgId: org.id, email: "mallory@example.com" });
  const login = (email: string, password: string, forwardedFor?: string) =>
    t.call("/api/auth/login", {
      method: "POST",
      json: { email, password },
      headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : undefined,
    });
  return { ...t, org, owner, attacker, login };
}

const statuses = (responses: Response[]) => {
  const tally: Record<number, number> = {};
  for (const r of responses) tally[r.status] = (tally[r.status] ?? 0) + 1;
  return tally;
};

describe("sign-in limit", () => {
  test("50 concurrent wrong guesses: exactly the limit are checked, the rest answer 429 with Retry-After", async () => {
    const w = await world();
    const flood = await Promise.all(
      Array.from({ length: 50 }, () => w.login(w.owner.email, "wrong-guess", "203.0.113.9")),
    );
    expect(statuses(flood)).toEqual({
      401: LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT,
      429: 50 - LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT,
    });
    const refused = flood.find((r) => r.status === 429)!;
    const seconds = Number(refused.headers.get("retry-after"));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    expect(await refused.json()).toEqual({ error: AUTH.tooManyAttempts, retryAfter: seconds });
    // Even the right password waits from that address; the owner elsewhere is not locked out.
    expect((await w.login(w.owner.email, TEST_PASSWORD, "203.0.113.9")).status).toBe(429);
    expect((await w.login(w.owner.email, TEST_PASSWORD, "198.51.100.7")).status).toBe(200);
  });

  test("a valid sign-in of one's own account does not reset the count on another", async () => {
    // 90 guesses interleaved with 10 valid sign-ins: only the first 10 guesses are checked.
    const w = await world();
    const from = "203.0.113.10";
    let unblocked = 0;
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 9; i++)
        if ((await w.login(w.owner.email, "guess", from)).status === 401) unblocked++;
      expect((await w.login(w.attacker.email, TEST_PASSWORD, from)).status).toBe(200);
    }
    expect(unblocked).toBe(LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT);
    expect((await w.login(w.owner.email, TEST_PASSWORD, "198.51.100.7")).status).toBe(200);
  }, 30_000);

  test("correct sign-ins give their slot back: the owner can sign in again and again", async () => {
    const w = await world();
    for (let i = 0; i < LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT + 5; i++) {
      expect((await w.login(w.owner.email, TEST_PASSWORD, "203.0.113.11")).status).toBe(200);
    }
    // Fifteen password hashes: seconds of CPU on a 2-core machine, more when other suites share it.
  }, 15_000);

  test("guesses over many accounts from one address stop at the address ceiling", async () => {
    const w = await world();
    const flood = await Promise.all(
      Array.from({ length: LOGIN_ATTEMPT_LIMIT_PER_ADDRESS + 20 }, (_, i) =>
        w.login(`user${i}@example.com`, "guess", "203.0.113.12"),
      ),
    );
    expect(statuses(flood)).toEqual({ 401: LOGIN_ATTEMPT_LIMIT_PER_ADDRESS, 429: 20 });
    expect((await w.login(w.attacker.email, TEST_PASSWORD, "203.0.113.12")).status).toBe(429);
    expect((await w.login(w.owner.email, TEST_PASSWORD, "198.51.100.7")).status).toBe(200);
    // Fifty password hashes (unknown accounts are hashed too, so timing tells nothing): seconds of
    // CPU on a 2-core machine, more when other suites share it.
  }, 30_000);

  test("without TRUST_PROXY a forged X-Forwarded-For changes nothing", async () => {
    const w = await world({});
    const flood = await Promise.all(
      Array.from({ length: 30 }, (_, i) => w.login(w.owner.email, "guess", `10.0.0.${i}`)),
    );
    expect(statuses(flood)).toEqual({
      401: LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT,
      429: 30 - LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT,
    });
  });

  test("behind a trusted proxy the right-most address counts: forged entries to its left do not", async () => {
    const w = await world();
    const flood = await Promise.all(
      Array.from({ length: 30 }, (_, i) => w.login(w.owner.email, "guess", `10.0.0.${i}, 203.0.113.13`)),
    );
    expect(statuses(flood)).toEqual({
      401: LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT,
      429: 30 - LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT,
    });
  });

  test("tRPC answers TOO_MANY_REQUESTS with retryAfter in its details and a Retry-After header", async () => {
    const w = await world();
    const call = () =>
      w.call("/api/trpc/auth.login", {
        method: "POST",
        json: { email: w.owner.email, password: "guess" },
        headers: { "x-forwarded-for": "203.0.113.14" },
      });
    for (let i = 0; i < LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT; i++) expect((await call()).status).toBe(401);
    const refused = await call();
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get("retry-after"));
    expect(seconds).toBeGreaterThan(0);
    const body = await refused.json();
    expect(body.error.message).toBe(AUTH.tooManyAttempts);
    expect(body.error.data.code).toBe("TOO_MANY_REQUESTS");
    expect(body.error.data.details).toEqual({ retryAfter: seconds });
  });

  test("a blocked address trying fresh account names grows no state", () => {
    const limiter = new LoginRateLimiter({ perAccount: 3, perAddress: 5 });
    for (let i = 0; i < 5; i++) expect(limiter.reserve("203.0.113.15", `a${i}@example.com`).ok).toBe(true);
    const size = (limiter as unknown as { counters: Map<string, unknown> }).counters.size;
    for (let i = 0; i < 1000; i++)
      expect(limiter.reserve("203.0.113.15", `b${i}@example.com`).ok).toBe(false);
    expect((limiter as unknown as { counters: Map<string, unknown> }).counters.size).toBe(size);
  });

  test("TRUST_PROXY is validated at start", () => {
    expect(loadEnv({ TRUST_PROXY: "on" }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: "off" }).TRUST_PROXY).toBe(0);
    expect(loadEnv({}).TRUST_PROXY).toBe(0);
    expect(() => loadEnv({ TRUST_PROXY: "maybe" })).toThrow(/TRUST_PROXY/);
  });
});

describe("deactivated organization", () => {
  test("ends its members' sessions and refuses their sign-in with a clear message; admins keep theirs", async () => {
    const w = await world();
    const member = await makeUser(w.deps, { orgId: w.org.id, email: "member@example.com" });
    const memberCookie = await w.signIn(member.email);
    const adminCookie = await w.signIn(w.owner.email);
    expect((await w.call("/api/auth/me", { cookie: memberCookie })).status).toBe(200);

    const off = await w.call(`/api/organizations/${w.org.id}`, {
      method: "PUT",
      cookie: adminCookie,
      json: { name: w.org.name, is_active: false },
    });
    expect(off.status).toBe(200);
    expect(await w.deps.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(0);
    expect((await w.call("/api/auth/me", { cookie: memberCookie })).status).toBe(401);
    const refused = await w.login(member.email, TEST_PASSWORD);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: AUTH.organizationDeactivated });
    // A wrong password still gets the one message for every failure: nothing is revealed to a guesser.
    expect(await (await w.login(member.email, "wrong")).json()).toEqual({ error: AUTH.invalidCredentials });
    expect((await w.call("/api/auth/me", { cookie: adminCookie })).status).toBe(200);

    await w.call(`/api/organizations/${w.org.id}`, {
      method: "PUT",
      cookie: adminCookie,
      json: { name: w.org.name, is_active: true },
    });
    expect((await w.login(member.email, TEST_PASSWORD)).status).toBe(200);
  });
});
