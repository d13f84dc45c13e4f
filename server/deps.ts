import type { Database } from "bun:sqlite";
import { join } from "node:path";
import { LoginRateLimiter } from "./auth/rate-limit";
import { type Db, openDb } from "./db/client";
import type { Env } from "./env";

/**
 * What the services need, built once by main.ts and once per test. Holds no HTTP: the same
 * object backs tRPC's createCaller, the REST adapters and background jobs.
 */
export interface AppDeps {
  env: Env;
  db: Db;
  sqlite: Database;
  loginLimiter: LoginRateLimiter;
  now: () => number;
}

export function createDeps(env: Env, overrides: Partial<AppDeps> = {}): AppDeps {
  const { db, sqlite } =
    overrides.db && overrides.sqlite ? overrides : openDb(join(env.DATA_DIR, "console.db"));
  return {
    env,
    db: db as Db,
    sqlite: sqlite as Database,
    loginLimiter: overrides.loginLimiter ?? new LoginRateLimiter(),
    now: overrides.now ?? Date.now,
  };
}
