import { afterAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { appRouter } from "@server/api/root-router";
import { createApp } from "@server/app";
import { type AppDeps, createDeps } from "@server/deps";
import { authenticate, login } from "@server/features/auth/auth";
import { hashPassword } from "@server/features/auth/password";
import { organizations, projects, users } from "@server/platform/db/schema";
import { type Env, loadEnv } from "@server/platform/env";
import { createCallerFactory } from "@server/platform/trpc/init";
import type { Role } from "@shared/roles";
import { eq } from "drizzle-orm";
import { testResolver } from "./resolver";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

export const TEST_PASSWORD = "password123";

/** A fresh data directory and SQLite file for one test (or one describe block). */
export function testDeps(
  env: Partial<Record<keyof Env, string>> = {},
  overrides: Partial<AppDeps> = {},
): AppDeps {
  const dir = mkdtempSync(join(tmpdir(), "console-test-"));
  dirs.push(dir);
  // Host names never reach a real DNS server from a test.
  return createDeps(loadEnv({ DATA_DIR: dir, ...env }), { resolve: testResolver(), ...overrides });
}

let orgSeq = 0;
export function makeOrg(deps: AppDeps, name = `Org ${++orgSeq}`) {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${orgSeq}-${Math.random().toString(36).slice(2, 6)}`;
  return deps.db.insert(organizations).values({ name, slug }).returning().get();
}

// Hashing is the slow part of making users; one hash serves every test user.
let sharedHash: Promise<string> | undefined;
export async function makeUser(
  deps: AppDeps,
  opts: { role?: Role; orgId: number; email?: string; name?: string; isActive?: boolean },
) {
  sharedHash ??= hashPassword(TEST_PASSWORD);
  const role = opts.role ?? "developer";
  const email = (opts.email ?? `${role}-${crypto.randomUUID().slice(0, 8)}@example.com`).toLowerCase();
  return deps.db
    .insert(users)
    .values({
      name: opts.name ?? `Test ${role}`,
      email,
      passwordHash: await sharedHash,
      role,
      orgId: opts.orgId,
      isActive: opts.isActive ?? true,
    })
    .returning({ id: users.id, email: users.email, role: users.role, orgId: users.orgId, name: users.name })
    .get();
}

export function makeProject(deps: AppDeps, opts: { orgId: number; createdBy?: number; name?: string }) {
  return deps.db
    .insert(projects)
    .values({ name: opts.name ?? "Test Project", orgId: opts.orgId, createdBy: opts.createdBy ?? null })
    .returning()
    .get();
}

/** A tRPC caller acting as the given user, with a real session, without HTTP. */
export async function callerFor(deps: AppDeps, email: string, password = TEST_PASSWORD) {
  const cookies = { setSession: () => {}, clearSession: () => {} };
  const signed = await login(deps, { email, password }, `test-${email}`);
  const auth = authenticate(deps, signed.token)!;
  const createCaller = createCallerFactory(appRouter);
  return createCaller({ deps, user: auth.user, session: auth.session, clientAddress: "test", cookies });
}

export function anonymousCaller(deps: AppDeps) {
  const createCaller = createCallerFactory(appRouter);
  return createCaller({
    deps,
    user: null,
    session: null,
    clientAddress: "test",
    cookies: { setSession: () => {}, clearSession: () => {} },
  });
}

/** The Hono app over a fresh database, plus a helper that signs in and returns the cookie. */
export function testApp(deps = testDeps()) {
  const app = createApp(deps, { clientDir: join(tmpdir(), "no-client-built") });
  async function signIn(email: string, password = TEST_PASSWORD): Promise<string> {
    const res = await app.request("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    const cookie = res.headers.get("set-cookie") ?? "";
    return cookie.split(";")[0]!;
  }
  async function call(path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set("cookie", init.cookie);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    return app.request(path, { ...init, headers, body });
  }
  return { app, deps, signIn, call };
}

export const userIdByEmail = (deps: AppDeps, email: string) =>
  deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get()?.id;
