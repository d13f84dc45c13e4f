import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { apiTokenHash } from "@server/features/tokens/api-token";
import { apiTokens } from "@server/platform/db/schema";
import { API_TOKENS } from "@shared/messages/api-tokens";
import { bearer, clock, mintToken, sessionCookie } from "../../support/api-tokens";
import { makeOrg, makeUser, testApp, testDeps } from "../../support/server";
import { signedInCaller } from "../streaming/streaming-fixtures";

// Managing one's own tokens: made on the profile with a session, shown once, stored as a hash.

async function world() {
  const time = clock();
  const t = testApp(testDeps({}, { now: time.now }));
  const org = await makeOrg(t.deps);
  const me = await makeUser(t.deps, { orgId: org.id, role: "developer" });
  const other = await makeUser(t.deps, { orgId: org.id, role: "admin" });
  return { ...t, time, me, other, cookie: await sessionCookie(t.deps, me.id) };
}

const rows = async (deps: ReturnType<typeof testDeps>) => await deps.db.select().from(apiTokens);

describe("API token management", () => {
  test("create answers the token once; the list and the database hold only its prefix and hash", async () => {
    const w = await world();
    const res = await w.call("/api/tokens", {
      method: "POST",
      cookie: w.cookie,
      json: { name: "Trailer bot" },
    });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created.token).toMatch(/^sct_[a-z2-7]{52}$/);
    expect(created).toMatchObject({ name: "Trailer bot", expires_at: null, last_used_at: null });
    expect(typeof created.id).toBe("number");
    expect(created.prefix).toBe(created.token.slice(0, 10));

    const listed = await (await w.call("/api/tokens", { cookie: w.cookie })).json();
    expect(listed).toEqual([
      {
        id: created.id,
        name: "Trailer bot",
        prefix: created.prefix,
        created_at: w.time.now(),
        expires_at: null,
        last_used_at: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.token);

    const [row] = await rows(w.deps);
    expect(row!.tokenHash).toBe(apiTokenHash(created.token));
    expect(Object.values(row!).map(String)).not.toContain(created.token);
    // The bytes on disk are read from SQLite's file; PostgreSQL keeps its files elsewhere.
    if (w.deps.sqlite) {
      w.deps.sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      const file = readFileSync(join(w.deps.env.DATA_DIR, "console.db")).toString("latin1");
      expect(file).toContain(apiTokenHash(created.token));
      expect(file).not.toContain(created.token);
      expect(file).not.toContain(created.token.slice(10));
    }
  });

  test("an expiry in days sets expires_at; tRPC creates, lists and revokes the same way", async () => {
    const w = await world();
    const caller = await signedInCaller(w.deps, w.me.id);
    const made = await caller.tokens.create({ name: "Nightly", expires_in_days: 30 });
    expect(made.expires_at).toBe(w.time.now() + 30 * 86_400_000);
    expect((await caller.tokens.list()).map((t) => t.name)).toEqual(["Nightly"]);
    expect(await caller.tokens.revoke({ id: made.id })).toMatchObject({ success: true });
    expect(await caller.tokens.list()).toEqual([]);
  });

  test("bad input answers 400 JSON and writes nothing", async () => {
    const w = await world();
    const bodies: unknown[] = [
      {},
      { name: "" },
      { name: "   " },
      { name: "x".repeat(101) },
      { name: "a\u202eb" },
      { name: 5 },
      { name: "ok", expires_in_days: 0 },
      { name: "ok", expires_in_days: -1 },
      { name: "ok", expires_in_days: 1.5 },
      { name: "ok", expires_in_days: 366 },
      { name: "ok", expires_in_days: "30" },
      { name: "ok", expires_in_days: true },
      { name: "ok", scopes: ["all"] },
      [],
    ];
    for (const json of bodies) {
      const res = await w.call("/api/tokens", { method: "POST", cookie: w.cookie, json });
      expect([res.status, json]).toEqual([400, json]);
      expect(typeof (await res.json()).error).toBe("string");
    }
    const broken = await w.call("/api/tokens", {
      method: "POST",
      headers: { cookie: w.cookie, "content-type": "application/json" },
      body: "{name:",
    });
    expect(broken.status).toBe(400);
    expect((await w.call("/api/tokens/abc", { method: "DELETE", cookie: w.cookie })).status).toBe(400);
    expect(await rows(w.deps)).toEqual([]);
  });

  test("a user sees and revokes only their own tokens; another's id answers 404", async () => {
    const w = await world();
    const theirs = await mintToken(w.deps, w.other.id);
    const mine = await mintToken(w.deps, w.me.id);
    const listed = await (await w.call("/api/tokens", { cookie: w.cookie })).json();
    expect(listed.map((t: { id: number }) => t.id)).toEqual([mine.id]);
    const res = await w.call(`/api/tokens/${theirs.id}`, { method: "DELETE", cookie: w.cookie });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: API_TOKENS.notFound });
    expect(await rows(w.deps)).toHaveLength(2);
    expect((await w.call(`/api/tokens/${mine.id}`, { method: "DELETE", cookie: w.cookie })).status).toBe(200);
    expect((await w.call(`/api/tokens/${mine.id}`, { method: "DELETE", cookie: w.cookie })).status).toBe(404);
    expect((await rows(w.deps)).map((r) => r.id)).toEqual([theirs.id]);
  });

  test("without a session the paths answer 401", async () => {
    const w = await world();
    expect((await w.call("/api/tokens")).status).toBe(401);
    expect((await w.call("/api/tokens", { method: "POST", json: { name: "x" } })).status).toBe(401);
  });

  test("a token is refused on the token paths with 403, over REST and tRPC, and mints nothing", async () => {
    const w = await world();
    const { id, token } = await mintToken(w.deps, w.me.id);
    const calls: [string, RequestInit & { json?: unknown }][] = [
      ["/api/tokens", {}],
      ["/api/tokens", { method: "POST", json: { name: "more" } }],
      [`/api/tokens/${id}`, { method: "DELETE" }],
      ["/api/trpc/tokens.list", {}],
      ["/api/trpc/tokens.create", { method: "POST", json: { name: "more" } }],
      ["/api/trpc/tokens.revoke", { method: "POST", json: { id } }],
    ];
    for (const [path, init] of calls) {
      const res = await w.call(path, { ...init, headers: bearer(token) });
      expect([path, res.status]).toEqual([path, 403]);
      const body = await res.json();
      const message = path.includes("trpc") ? body.error.message : body.error;
      expect(message).toBe(API_TOKENS.refusedForTokens);
    }
    // Beside a valid session cookie the bearer still wins: refused too.
    const both = await w.call("/api/tokens", {
      method: "POST",
      cookie: w.cookie,
      headers: bearer(token),
      json: { name: "x" },
    });
    expect(both.status).toBe(403);
    expect((await rows(w.deps)).map((r) => r.id)).toEqual([id]);
  });
});
