import { afterEach, describe, expect, test } from "bun:test";
import { SharedLoginLimiter } from "@server/features/auth/shared-rate-limit";
import { dialect } from "@server/platform/db/dialect";
import { loginAttempts } from "@server/platform/db/schema";
import { LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT } from "@shared/limits";
import { makeOrg, makeUser, reopenDb, TEST_PASSWORD, testApp, testDeps } from "../../support/server";

// Several nodes behind one load balancer: a guesser whose requests land on different nodes must get
// no more guesses than on one. Runs on both databases; on PostgreSQL the nodes use their own
// connections to one database, as separate machines do (SQLite has one node, so one connection).

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** Two nodes on one database, each counting sign-ins in it; `now` is the clock both read. */
async function twoNodes(now: () => number = Date.now) {
  const base = testDeps();
  const org = await makeOrg(base);
  const owner = await makeUser(base, { orgId: org.id, role: "admin", email: "owner@example.com" });
  const node = (db: typeof base.db) =>
    testApp(testDeps({ TRUST_PROXY: "1" }, { db, loginLimiter: new SharedLoginLimiter(db, { now }) }));
  let otherDb = base.db;
  if (dialect === "postgres") {
    const other = reopenDb(base);
    closers.push(other.close);
    otherDb = other.db;
  }
  const nodes = [node(base.db), node(otherDb)] as const;
  const login = (on: 0 | 1, password: string, from: string) =>
    nodes[on].call("/api/auth/login", {
      method: "POST",
      json: { email: owner.email, password },
      headers: { "x-forwarded-for": from },
    });
  return { base, owner, login };
}

describe("sign-in limit across nodes", () => {
  test("50 concurrent guesses spread over two nodes: the limit is checked once, for both", async () => {
    const w = await twoNodes();
    const flood = await Promise.all(
      Array.from({ length: 50 }, (_, i) => w.login((i % 2) as 0 | 1, "wrong-guess", "203.0.113.9")),
    );
    const tally: Record<number, number> = {};
    for (const r of flood) tally[r.status] = (tally[r.status] ?? 0) + 1;
    expect(tally).toEqual({
      401: LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT,
      429: 50 - LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT,
    });
    // Blocked on both nodes from that address, even with the right password; not elsewhere.
    expect((await w.login(0, TEST_PASSWORD, "203.0.113.9")).status).toBe(429);
    expect((await w.login(1, TEST_PASSWORD, "203.0.113.9")).status).toBe(429);
    expect((await w.login(1, TEST_PASSWORD, "198.51.100.7")).status).toBe(200);
  });

  test("a right password on one node clears that account's count for the other", async () => {
    const w = await twoNodes();
    for (let i = 0; i < LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT - 1; i++)
      expect((await w.login(0, "typo", "203.0.113.20")).status).toBe(401);
    expect((await w.login(1, TEST_PASSWORD, "203.0.113.20")).status).toBe(200);
    for (let i = 0; i < LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT; i++)
      expect((await w.login(i % 2 ? 1 : 0, "typo", "203.0.113.20")).status).toBe(401);
    expect((await w.login(1, "typo", "203.0.113.20")).status).toBe(429);
  });

  test("a window that has passed counts from nothing again, and its rows are swept", async () => {
    let clock = 1_000_000;
    const w = await twoNodes(() => clock);
    for (let i = 0; i < LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT; i++)
      await w.login(i % 2 ? 1 : 0, "typo", "203.0.113.30");
    expect((await w.login(0, "typo", "203.0.113.30")).status).toBe(429);
    clock += 16 * 60_000;
    expect((await w.login(1, "typo", "203.0.113.30")).status).toBe(401);
    // The sweep left only the rows of the window now open (the address's and the pair's).
    const rows = await w.base.db.select().from(loginAttempts);
    expect(rows.map((r) => [r.count, r.resetAt > clock])).toEqual([
      [1, true],
      [1, true],
    ]);
  });

  test.skipIf(dialect !== "postgres")(
    "nodes on PostgreSQL count in the database; a console alone in memory",
    () => {
      expect(testDeps().loginLimiter).toBeInstanceOf(SharedLoginLimiter);
    },
  );

  test.skipIf(dialect === "postgres")("a console alone on SQLite leaves the table empty", async () => {
    const t = testApp(testDeps());
    await t.call("/api/auth/login", { method: "POST", json: { email: "nobody@example.com", password: "x" } });
    expect(await t.deps.db.select().from(loginAttempts)).toEqual([]);
  });
});
