import type { Database } from "bun:sqlite";
import { join } from "node:path";
import { Sampler } from "@server/features/analytics/players/sampler";
import { createSteamClient, type SteamClient } from "@server/features/analytics/steam/client";
import { LoginRateLimiter } from "@server/features/auth/rate-limit";
import { TokenBucketLimiter } from "@server/features/auth/token-bucket";
import { HealthSampler } from "@server/features/health/sampler";
import { Scheduler } from "@server/features/schedules/scheduler";
import { Supervisor } from "@server/features/streaming/supervisor";
import { WebhookDelivery } from "@server/features/webhooks/delivery";
import { type Db, openDb } from "@server/platform/db/client";
import type { Env } from "@server/platform/env";
import { EventBus } from "@server/platform/events/bus";
import { JobRunner } from "@server/platform/jobs/runner";
import { lineLogger } from "@server/platform/log";
import { type Resolver, systemResolver } from "@server/platform/net/outbound-target";

/**
 * What the services need, built once by main.ts and once per test. Holds no HTTP: the same
 * object backs tRPC's createCaller, the REST adapters and background jobs.
 */
export interface AppDeps {
  env: Env;
  db: Db;
  sqlite: Database;
  /** Sign-in attempts and every other password check (on deps.now). */
  loginLimiter: LoginRateLimiter;
  /** Requests per API token (a token bucket on deps.now). */
  apiTokenLimiter: TokenBucketLimiter;
  now: () => number;
  /** Owns every ffmpeg child. Created idle: nothing runs until a stream starts or main reconciles. */
  supervisor: Supervisor;
  /** Steam Web, store and partner APIs (base URLs and keys from env). */
  steam: SteamClient;
  /** Background jobs (the Steam syncs), recorded in the jobs table. */
  jobs: JobRunner;
  /** Player-count sampler; idle until main.ts starts it, so tests never run its timer. */
  sampler: Sampler;
  /** What happened to broadcasts (failures, recoveries, schedule windows), for webhooks and uptime. */
  events: EventBus;
  /** Starts and stops streams at their broadcast windows; idle until main.ts starts it. */
  scheduler: Scheduler;
  /**
   * Resolves host names for the outbound target checks (webhooks, ingests); tests pass their own so
   * no lookup leaves the machine and a name can be made to "rebind".
   */
  resolve: Resolver;
  /** Sends webhook deliveries; idle until main.ts starts it (tests start their own). */
  webhooks: WebhookDelivery;
  /** Health samples of live streams every 10 s; idle until main.ts starts it. */
  health: HealthSampler;
}

export function createDeps(env: Env, overrides: Partial<AppDeps> = {}): AppDeps {
  const { db, sqlite } =
    overrides.db && overrides.sqlite ? overrides : openDb(join(env.DATA_DIR, "console.db"));
  const now = overrides.now ?? Date.now;
  const resolve = overrides.resolve ?? systemResolver;
  const events = overrides.events ?? new EventBus(process.env.NODE_ENV === "test" ? undefined : lineLogger());
  const deps: AppDeps = {
    env,
    db: db as Db,
    sqlite: sqlite as Database,
    loginLimiter: overrides.loginLimiter ?? new LoginRateLimiter({ now }),
    apiTokenLimiter: overrides.apiTokenLimiter ?? new TokenBucketLimiter({ now }),
    now,
    supervisor:
      overrides.supervisor ??
      // Quiet under `bun test`; the server logs state changes (never URLs or keys).
      new Supervisor({
        db: db as Db,
        env,
        now,
        events,
        resolve,
        log: process.env.NODE_ENV === "test" ? undefined : lineLogger(),
      }),
    steam: overrides.steam ?? createSteamClient(env),
    jobs:
      overrides.jobs ??
      new JobRunner({ db: db as Db, now, log: process.env.NODE_ENV === "test" ? undefined : lineLogger() }),
    sampler: undefined as unknown as Sampler,
    scheduler: undefined as unknown as Scheduler,
    events,
    resolve,
    webhooks:
      overrides.webhooks ??
      new WebhookDelivery({
        db: db as Db,
        now,
        events,
        allowPrivateTargets: env.ALLOW_PRIVATE_TARGETS,
        resolve,
        log: process.env.NODE_ENV === "test" ? undefined : lineLogger(),
      }),
    health: undefined as unknown as HealthSampler,
  };
  deps.health =
    overrides.health ?? new HealthSampler({ db: deps.db, now, live: (id) => deps.supervisor.live(id) });
  deps.sampler = overrides.sampler ?? new Sampler(deps);
  deps.scheduler =
    overrides.scheduler ??
    new Scheduler(deps, undefined, process.env.NODE_ENV === "test" ? undefined : lineLogger());
  return deps;
}
