import { afterAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { appRouter } from "@server/api/root-router";
import { createApp } from "@server/app";
import { type AppDeps, createDeps } from "@server/deps";
import { authenticate, login } from "@server/features/auth/auth";
import { hashPassword } from "@server/features/auth/password";
import { type Db, openDb, openPgDb } from "@server/platform/db/client";
import { dialect } from "@server/platform/db/dialect";
import { organizations, projects, users } from "@server/platform/db/schema";
import { type Env, loadEnv } from "@server/platform/env";
import { createCallerFactory } from "@server/platform/trpc/init";
import type { Role } from "@shared/roles";
import { eq } from "drizzle-orm";
import { createTestDatabase } from "./pg-mode";
import { testResolver } from "./resolver";

const dirs: string[] = [];
const opened: AppDeps[] = [];
afterAll(async () => {
  await Promise.all(opened.splice(0).map((deps) => deps.closeDb().catch(() => undefined)));
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
  // On PostgreSQL each test's deps get a database of their own, as each gets its own SQLite file.
  const database =
    dialect === "postgres" ? { DATABASE_URL: createTestDatabase(), DATABASE_POOL_SIZE: "3" } : {};
  // Host names never reach a real DNS server from a test.
  const deps = createDeps(loadEnv({ DATA_DIR: dir, ...database, ...env }), {
    resolve: testResolver(),
    ...overrides,
  });
  opened.push(deps);
  return deps;
}

/**
 * A second connection to a test's database, as a restarted server opens it: the same SQLite file, or
 * the same PostgreSQL database. The caller closes it.
 */
export function reopenDb(deps: AppDeps): { db: Db; close: () => Promise<void> } {
  if (deps.env.DATABASE_URL) {
    const { db, client } = openPgDb(deps.env.DATABASE_URL, { max: 2 });
    return { db, close: () => client.close() };
  }
  const { db, sqlite } = openDb(join(deps.env.DATA_DIR, "console.db"));
  return { db, close: async () => sqlite.close() };
}

let orgSeq = 0;
export async function makeOrg(deps: AppDeps, name = `Org ${++orgSeq}`) {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${orgSeq}-${Math.random().toString(36).slice(2, 6)}`;
  const [org] = await deps.db.insert(organizations).values({ name, slug }).returning();
  return org!;
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
  const [user] = await deps.db
    .insert(users)
    .values({
      name: opts.name ?? `Test ${role}`,
      email,
      passwordHash: await sharedHash,
      role,
      orgId: opts.orgId,
      isActive: opts.isActive ?? true,
    })
    .returning({ id: users.id, email: users.email, role: users.role, orgId: users.orgId, name: users.name });
  return user!;
}

export async function makeProject(deps: AppDeps, opts: { orgId: number; createdBy?: number; name?: string }) {
  const [project] = await deps.db
    .insert(projects)
    .values({ name: opts.name ?? "Test Project", orgId: opts.orgId, createdBy: opts.createdBy ?? null })
    .returning();
  return project!;
}

/** A tRPC caller acting as the given user, with a real session, without HTTP. */
export async function callerFor(deps: AppDeps, email: string, password = TEST_PASSWORD) {
  const cookies = { setSession: () => {}, clearSession: () => {} };
  const signed = await login(deps, { email, password }, `test-${email}`);
  const auth = (await authenticate(deps, signed.token))!;
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

export const userIdByEmail = async (deps: AppDeps, email: string) =>
  (await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1))[0]?.id;
