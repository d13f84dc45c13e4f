import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { AppRouter } from "@server/api/root-router";
import { apiTokens, organizations } from "@server/platform/db/schema";
import { API_TOKEN_BURST } from "@shared/limits";
import { API_TOKENS } from "@shared/messages/api-tokens";
import { AUTH } from "@shared/messages/auth";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { eq } from "drizzle-orm";
import { bearer, clock, mintToken, sessionCookie } from "../../support/api-tokens";
import { makeOrg, makeProject, makeUser, testApp, testDeps } from "../../support/server";
import { signedInCaller } from "../streaming/streaming-fixtures";

// A bearer token signs requests with exactly its user's rights, on REST and on tRPC.

const minted: string[] = [];
const logged: string[] = [];
const restore: (() => void)[] = [];
beforeAll(() => {
  // Every console line of this file, to show no token ever reaches a log.
  for (const name of ["log", "info", "warn", "error", "debug"] as const) {
    const original = console[name];
    console[name] = (...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
      original(...args);
    };
    restore.push(() => {
      console[name] = original;
    });
  }
});
afterAll(() => {
  for (const r of restore) r();
});

async function world() {
  const time = clock();
  const t = testApp(testDeps({}, { now: time.now }));
  const org = await makeOrg(t.deps);
  const otherOrg = await makeOrg(t.deps);
  const admin = await makeUser(t.deps, { orgId: org.id, role: "admin" });
  const dev = await makeUser(t.deps, { orgId: org.id, role: "developer" });
  const viewer = await makeUser(t.deps, { orgId: otherOrg.id, role: "viewer" });
  const project = await makeProject(t.deps, { orgId: org.id, name: "Night Flight", createdBy: dev.id });
  const foreign = await makeProject(t.deps, { orgId: otherOrg.id, name: "Not Yours" });
  const token = async (userId: number, days?: number) => {
    const made = await mintToken(t.deps, userId, days);
    minted.push(made.token);
    return made;
  };
  const trpc = (tokenText: string) =>
    createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({
          url: "http://console.test/api/trpc",
          headers: bearer(tokenText),
          fetch: async (input, init) => t.app.request(String(input), init as RequestInit),
        }),
      ],
    });
  return { ...t, time, org, otherOrg, admin, dev, viewer, project, foreign, token, trpc };
}

const get = (w: Awaited<ReturnType<typeof world>>, path: string, token: string) =>
  w.call(path, { headers: bearer(token) });

async function refusedWith(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    const e = err as { message: string; data?: { code?: string; httpStatus?: number } };
    return { message: e.message, code: e.data?.code, status: e.data?.httpStatus };
  }
  throw new Error("expected a refusal");
}

describe("bearer tokens", () => {
  test("REST and tRPC answer as the token's user, within its organization", async () => {
    const w = await world();
    const { token } = await w.token(w.dev.id);
    const projects = await (await get(w, "/api/projects", token)).json();
    expect(projects.map((p: { name: string }) => p.name)).toEqual(["Night Flight"]);
    expect((await get(w, `/api/projects/${w.foreign.id}`, token)).status).toBe(404);
    expect(await (await get(w, "/api/auth/me", token)).json()).toMatchObject({
      id: w.dev.id,
      role: "developer",
    });

    const api = w.trpc(token);
    expect(await api.auth.me.query()).toMatchObject({ id: w.dev.id });
    expect((await api.projects.list.query()).map((p) => p.name)).toEqual(["Night Flight"]);
    expect(await refusedWith(api.projects.get.query({ id: w.foreign.id }))).toMatchObject({
      code: "NOT_FOUND",
    });
  });

  test("a viewer's token cannot start a stream (403); another organization's destination is 404", async () => {
    const w = await world();
    const asDev = await signedInCaller(w.deps, w.dev.id);
    const dest = await asDev.streaming.createDestination({
      name: "Local",
      type: "custom",
      rtmp_url: "rtmp://127.0.0.1:1/live",
      stream_key: "k",
      autorestart: false,
      project_id: w.project.id,
    });
    const otherViewer = await makeUser(w.deps, { orgId: w.org.id, role: "viewer" });
    const { token } = await w.token(otherViewer.id);
    const res = await w.call(`/api/destinations/${dest.id}/stream`, {
      method: "POST",
      headers: bearer(token),
      json: { mediaId: 1 },
    });
    expect(res.status).toBe(403);
    expect(
      await refusedWith(w.trpc(token).streaming.start.mutate({ destinationId: dest.id, mediaId: 1 })),
    ).toMatchObject({
      code: "FORBIDDEN",
    });
    const outsider = (await w.token(w.viewer.id)).token;
    const far = await w.call(`/api/destinations/${dest.id}/stream`, {
      method: "POST",
      headers: bearer(outsider),
      json: { mediaId: 1 },
    });
    expect(far.status).toBe(404);
  });

  test("deactivating the user, or its organization, ends its tokens at once", async () => {
    const w = await world();
    const { token } = await w.token(w.dev.id);
    expect((await get(w, "/api/projects", token)).status).toBe(200);
    await (await signedInCaller(w.deps, w.admin.id)).users.setActive({ id: w.dev.id, is_active: false });
    const res = await get(w, "/api/projects", token);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: API_TOKENS.invalid });
    expect(await refusedWith(w.trpc(token).projects.list.query())).toMatchObject({
      code: "UNAUTHORIZED",
      status: 401,
    });

    const viewerToken = (await w.token(w.viewer.id)).token;
    expect((await get(w, "/api/projects", viewerToken)).status).toBe(200);
    await w.deps.db.update(organizations).set({ isActive: false }).where(eq(organizations.id, w.otherOrg.id));
    expect((await get(w, "/api/projects", viewerToken)).status).toBe(401);
  });

  test("an expired token answers 401 from the moment it expires; a revoked one too", async () => {
    const w = await world();
    const { token } = await w.token(w.dev.id, 1);
    w.time.advance(86_400_000 - 1);
    expect((await get(w, "/api/projects", token)).status).toBe(200);
    w.time.advance(1);
    expect((await get(w, "/api/projects", token)).status).toBe(401);
    expect(await refusedWith(w.trpc(token).auth.me.query())).toMatchObject({ code: "UNAUTHORIZED" });

    const other = await w.token(w.dev.id);
    expect((await get(w, "/api/projects", other.token)).status).toBe(200);
    const cookie = await sessionCookie(w.deps, w.dev.id);
    expect((await w.call(`/api/tokens/${other.id}`, { method: "DELETE", cookie })).status).toBe(200);
    const res = await get(w, "/api/projects", other.token);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: API_TOKENS.invalid });
  });

  test("malformed and unknown tokens answer 401 JSON on REST and UNAUTHORIZED on tRPC, never 500", async () => {
    const w = await world();
    const { token } = await w.token(w.dev.id);
    const headers = [
      "Bearer",
      "Bearer ",
      `Bearer ${token} ${token}`,
      "Bearer x y",
      `Bearer ${token.slice(0, -1)}é`,
      `Bearer ${token.slice(0, -1)}A`,
      `Bearer sct_${"a".repeat(52)}`,
      `Bearer ${"a".repeat(10 * 1024)}`,
      `bearer ${token}x`,
    ];
    for (const authorization of headers) {
      for (const path of ["/api/projects", "/api/health", "/api/auth/me"]) {
        const res = await w.call(path, { headers: { authorization } });
        expect([authorization.slice(0, 80), path, res.status]).toEqual([
          authorization.slice(0, 80),
          path,
          401,
        ]);
        expect(await res.json()).toEqual({ error: API_TOKENS.invalid });
      }
      const trpc = await w.call("/api/trpc/auth.me", { headers: { authorization } });
      expect(trpc.status).toBe(401);
      expect((await trpc.json()).error).toMatchObject({
        message: API_TOKENS.invalid,
        data: { code: "UNAUTHORIZED" },
      });
    }
    // Another scheme (a proxy's Basic sign-in) is not ours and is left alone.
    expect((await w.call("/api/health", { headers: { authorization: "Basic dXNlcjpwYXNz" } })).status).toBe(
      200,
    );
    // The scheme is case-insensitive, as HTTP says.
    expect((await w.call("/api/projects", { headers: { authorization: `bearer ${token}` } })).status).toBe(
      200,
    );
  });

  test("a bearer POST needs no Origin; with a session cookie beside it the Origin check still applies", async () => {
    const w = await world();
    const { token } = await w.token(w.admin.id);
    const body = { name: "From a script", org_id: w.org.id };
    const plain = await w.call("/api/projects", { method: "POST", headers: bearer(token), json: body });
    expect(plain.status).toBe(201);
    const foreign = { ...bearer(token), origin: "https://elsewhere.example" };
    expect((await w.call("/api/projects", { method: "POST", headers: foreign, json: body })).status).toBe(
      201,
    );
    const cookie = await sessionCookie(w.deps, w.admin.id);
    const both = await w.call("/api/projects", { method: "POST", cookie, headers: foreign, json: body });
    expect(both.status).toBe(403);
    expect(await both.json()).toEqual({ error: AUTH.forbiddenOrigin });
  });

  test("each token is rate-limited: the burst passes, the next answers 429 with Retry-After", async () => {
    const w = await world();
    const { token } = await w.token(w.dev.id);
    const other = (await w.token(w.dev.id)).token;
    for (let i = 0; i < API_TOKEN_BURST; i++) expect((await get(w, "/api/health", token)).status).toBe(200);
    const limited = await get(w, "/api/projects", token);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("1");
    expect(await limited.json()).toEqual({ error: API_TOKENS.rateLimited, retryAfter: 1 });
    const trpc = await w.call("/api/trpc/auth.me", { headers: bearer(token) });
    expect(trpc.status).toBe(429);
    expect(trpc.headers.get("retry-after")).toBe("1");
    expect((await trpc.json()).error.data.code).toBe("TOO_MANY_REQUESTS");
    // Another token of the same user has its own bucket; time refills this one.
    expect((await get(w, "/api/projects", other)).status).toBe(200);
    w.time.advance(1000);
    for (let i = 0; i < 20; i++) expect((await get(w, "/api/health", token)).status).toBe(200);
    expect((await get(w, "/api/health", token)).status).toBe(429);
  });

  test("last_used_at is written on use, then at most once a minute", async () => {
    const w = await world();
    const { id, token } = await w.token(w.dev.id);
    const lastUsed = async () =>
      (await w.deps.db.select().from(apiTokens).where(eq(apiTokens.id, id)))[0]?.lastUsedAt;
    expect(await lastUsed()).toBeNull();
    const first = w.time.now();
    await get(w, "/api/health", token);
    expect(await lastUsed()).toBe(first);
    w.time.advance(59_999);
    await get(w, "/api/health", token);
    expect(await lastUsed()).toBe(first);
    w.time.advance(1);
    await get(w, "/api/health", token);
    expect(await lastUsed()).toBe(first + 60_000);
  });

  test("no token used in this file appears in any log line", () => {
    expect(minted.length).toBeGreaterThan(5);
    for (const token of minted) {
      expect(logged.filter((line) => line.includes(token) || line.includes(token.slice(10)))).toEqual([]);
    }
  });
});
