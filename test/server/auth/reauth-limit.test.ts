import { describe, expect, test } from "bun:test";
import { LoginRateLimiter } from "@server/features/auth/rate-limit";
import { LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT, LOGIN_FAILURE_WINDOW_MS } from "@shared/limits";
import { AUTH } from "@shared/messages/auth";
import { bearer, clock, mintToken } from "../../support/api-tokens";
import { makeOrg, makeUser, TEST_PASSWORD, testApp, testDeps } from "../../support/server";

// Someone holding a user's cookie or token guesses the password through the calls that ask for it
// again. Each guess must count like a sign-in attempt, and the limit must hold the right one back too.

// Every check verifies an argon2id hash (~0.1 s each, more on a busy machine).
const SLOW = 60_000;
const ATTACKER = "203.0.113.20";

async function world() {
  const time = clock();
  const t = testApp(testDeps({ TRUST_PROXY: "1" }, { now: time.now }));
  const org = await makeOrg(t.deps);
  const victim = await makeUser(t.deps, { orgId: org.id, email: "victim@example.com" });
  const cookie = await t.signIn(victim.email);
  const from = (address: string) => ({ "x-forwarded-for": address });
  const changePassword = (currentPassword: string, auth: Record<string, string> = {}, address = ATTACKER) =>
    t.call("/api/auth/change-password", {
      method: "POST",
      cookie: auth.authorization ? undefined : cookie,
      headers: { ...from(address), ...auth },
      json: { currentPassword, newPassword: "taken-over-1" },
    });
  const changeEmail = (password: string, address = ATTACKER) =>
    t.call("/api/auth/change-email", {
      method: "POST",
      cookie,
      headers: from(address),
      json: { password, newEmail: "mallory@example.com" },
    });
  const login = (password: string, address = ATTACKER) =>
    t.call("/api/auth/login", {
      method: "POST",
      headers: from(address),
      json: { email: victim.email, password },
    });
  return { ...t, time, victim, cookie, changePassword, changeEmail, login };
}

async function expectLimited(res: Response) {
  expect(res.status).toBe(429);
  const seconds = Number(res.headers.get("retry-after"));
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(LOGIN_FAILURE_WINDOW_MS / 1000);
  expect(await res.json()).toEqual({ error: AUTH.tooManyAttempts, retryAfter: seconds });
}

const statuses = async (calls: (() => Promise<Response>)[]) => {
  const seen: number[] = [];
  for (const call of calls) seen.push((await call()).status);
  return seen;
};

const times = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i));

describe("password checks beyond sign-in", () => {
  test(
    "15 wrong current passwords: the limit answers 429, and the right one waits for the window",
    async () => {
      const w = await world();
      const seen = await statuses(times(15, () => () => w.changePassword("guess")));
      expect(seen).toEqual([
        ...times(LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT, () => 400),
        ...times(15 - LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT, () => 429),
      ]);
      await expectLimited(await w.changePassword(TEST_PASSWORD));
      w.time.advance(LOGIN_FAILURE_WINDOW_MS);
      expect((await w.changePassword(TEST_PASSWORD)).status).toBe(200);
    },
    SLOW,
  );

  test(
    "15 wrong passwords on change-email: the same limit, and the right one is refused while it lasts",
    async () => {
      const w = await world();
      const seen = await statuses(times(15, () => () => w.changeEmail("guess")));
      expect(seen.filter((s) => s === 400)).toHaveLength(LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT);
      expect(seen.slice(LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT)).toEqual(times(5, () => 429));
      await expectLimited(await w.changeEmail(TEST_PASSWORD));
      w.time.advance(LOGIN_FAILURE_WINDOW_MS);
      const changed = await w.changeEmail(TEST_PASSWORD);
      expect(changed.status).toBe(200);
      expect((await changed.json()).user.email).toBe("mallory@example.com");
    },
    SLOW,
  );

  test(
    "sign-in failures and re-authentication failures fill one count",
    async () => {
      const w = await world();
      const half = LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT / 2;
      expect(await statuses(times(half, () => () => w.login("guess")))).toEqual(times(half, () => 401));
      expect(await statuses(times(half, () => () => w.changePassword("guess")))).toEqual(
        times(half, () => 400),
      );
      await expectLimited(await w.login(TEST_PASSWORD));
      await expectLimited(await w.changeEmail(TEST_PASSWORD));
      // The owner signing in from elsewhere is not locked out.
      expect((await w.login(TEST_PASSWORD, "198.51.100.7")).status).toBe(200);
    },
    SLOW,
  );

  test("a correct check gives its slot back, and clears the account's count from every address", async () => {
    const limiter = new LoginRateLimiter({ perAccount: 3, perAddress: 100 });
    for (let i = 0; i < 10; i++) {
      const r = limiter.reserveReauthentication("203.0.113.40", "owner@example.com", "7");
      if (!r.ok) throw new Error("refused");
      await r.attempt.succeeded();
    }
    for (let i = 0; i < 3; i++)
      expect(limiter.reserveReauthentication(`203.0.113.${50 + i}`, "owner@example.com", "7").ok).toBe(true);
    expect(limiter.reserveReauthentication("203.0.113.60", "owner@example.com", "7").ok).toBe(false);
    // Sign-in from a fresh address is not held by the re-authentication count.
    expect(limiter.reserve("203.0.113.60", "owner@example.com").ok).toBe(true);
  });

  test(
    "a token's guesses are limited too, and new addresses buy no new guesses",
    async () => {
      const w = await world();
      const { token } = await mintToken(w.deps, w.victim.id);
      const seen = await statuses(
        times(
          LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT + 5,
          (i) => () => w.changePassword("guess", bearer(token), `203.0.113.${30 + i}`),
        ),
      );
      expect(seen.filter((s) => s === 400)).toHaveLength(LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT);
      await expectLimited(await w.changePassword(TEST_PASSWORD, bearer(token), "192.0.2.99"));
      // Only the password check is held back: sign-in elsewhere still works for the owner.
      expect((await w.login(TEST_PASSWORD, "198.51.100.8")).status).toBe(200);
    },
    SLOW,
  );

  test(
    "tRPC answers TOO_MANY_REQUESTS with retryAfter and a Retry-After header",
    async () => {
      const w = await world();
      const call = (currentPassword: string) =>
        w.call("/api/trpc/auth.changePassword", {
          method: "POST",
          cookie: w.cookie,
          headers: { "x-forwarded-for": ATTACKER },
          json: { currentPassword, newPassword: "taken-over-1" },
        });
      for (let i = 0; i < LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT; i++)
        expect((await call("guess")).status).toBe(400);
      const refused = await call(TEST_PASSWORD);
      expect(refused.status).toBe(429);
      const seconds = Number(refused.headers.get("retry-after"));
      expect(seconds).toBeGreaterThan(0);
      const body = await refused.json();
      expect(body.error.message).toBe(AUTH.tooManyAttempts);
      expect(body.error.data.code).toBe("TOO_MANY_REQUESTS");
      expect(body.error.data.details).toEqual({ retryAfter: seconds });
    },
    SLOW,
  );
});
