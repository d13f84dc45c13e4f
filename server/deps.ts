import type { Database } from "bun:sqlite";
import { join } from "node:path";
import { createSteamClient, type SteamClient } from "@server/features/analytics/steam/client";
import { type LoginLimiter, LoginRateLimiter } from "@server/features/auth/rate-limit";
import type { Session } from "@server/features/auth/session";
import { SharedLoginLimiter } from "@server/features/auth/shared-rate-limit";
import { TokenBucketLimiter } from "@server/features/auth/token-bucket";
import type { MediaHold } from "@server/features/media/media-holds";
import {
  announceStreamMoved,
  NodeLeases,
  type NodeLeasesHost,
  nodeCapacity,
  streamNodeRecorder,
} from "@server/features/nodes";
import { nextChanges } from "@server/features/schedules/next-changes";
import { holdRunningWindow } from "@server/features/schedules/schedule-hold";
import { scheduleHoldsMedia, scheduleHoldsPlaylist } from "@server/features/schedules/window-users";
import { liveStreamHoldsMedia, playlistHoldsMedia } from "@server/features/streaming/media-holds";
import type { ScheduleLinks } from "@server/features/streaming/schedule-links";
import { StorePageWatcher } from "@server/features/streaming/store-page/watcher";
import { Supervisor } from "@server/features/streaming/supervisor";
import { takeOverStream } from "@server/features/streaming/take-over";
import { WebhookSender } from "@server/features/webhooks/sender";
import { type Db, openDb, openPgDb } from "@server/platform/db/client";
import { type ClusterSignals, localSignals, pgSignals } from "@server/platform/db/signals";
import type { Env } from "@server/platform/env";
import { EventBus } from "@server/platform/events/bus";
import { JobRunner } from "@server/platform/jobs/runner";
import { lineLogger } from "@server/platform/log";
import { type Resolver, systemResolver } from "@server/platform/net/outbound-target";

/**
 * What the services need, built once by main.ts and once per test. Holds no HTTP: the same
 * object backs tRPC's createCaller, the REST adapters and background jobs. The background workers
 * (samplers, scheduler, health sampler, webhook delivery, daily backup) are not in it: main.ts
 * builds them from it, so nothing here is filled in after the fact.
 */
export interface AppDeps {
  env: Env;
  db: Db;
  /** The SQLite connection, for what only SQLite has (the disk reserve, VACUUM INTO); none on PostgreSQL. */
  sqlite: Database | undefined;
  /** Closes the database connection (the pool, on PostgreSQL). */
  closeDb: () => Promise<void>;
  /** Messages to the other nodes sharing the database (LISTEN/NOTIFY on PostgreSQL). */
  signals: ClusterSignals;
  /** Sign-in attempts and every other password check (on deps.now). */
  /** Sign-in attempts: counted in memory, or in the database when nodes share it (see leases). */
  loginLimiter: LoginLimiter;
  /** Requests per API token (a token bucket on deps.now). */
  apiTokenLimiter: TokenBucketLimiter;
  now: () => number;
  /** Owns every ffmpeg child. Created idle: nothing runs until a stream starts or main reconciles. */
  supervisor: Supervisor;
  /**
   * This node's stream leases, on PostgreSQL where nodes share the database (main.ts starts their
   * renewals and claims); none on SQLite, where the one console runs every stream itself.
   */
  leases: NodeLeases | undefined;
  /**
   * Whether Steam shows each running stream to a Steam destination (told of runs by the supervisor,
   * never telling it anything back).
   */
  storePage: StorePageWatcher;
  /** Steam Web, store and partner APIs (base URLs and keys from env). */
  steam: SteamClient;
  /** Background jobs (the Steam syncs), recorded in the jobs table. */
  jobs: JobRunner;
  /** What happened to broadcasts (failures, recoveries, schedule windows), for webhooks and uptime. */
  events: EventBus;
  /**
   * Resolves host names for the outbound target checks (webhooks, ingests); tests pass their own so
   * no lookup leaves the machine and a name can be made to "rebind".
   */
  resolve: Resolver;
  /**
   * Makes webhook delivery attempts: the test send uses it directly, and the background worker that
   * main.ts starts shares it, so one delivery is never attempted twice at once.
   */
  webhookSender: WebhookSender;
  /**
   * What keeps a media file from being deleted, asked in this order: a live stream, a playlist, a
   * broadcast window. Streaming and the schedules are built on media, so they are passed in here.
   */
  mediaHolds: readonly MediaHold[];
  /** What streaming asks of the schedules, which are built on it (passed in for the same reason). */
  scheduleLinks: ScheduleLinks;
}

const MEDIA_HOLDS: readonly MediaHold[] = [liveStreamHoldsMedia, playlistHoldsMedia, scheduleHoldsMedia];
const SCHEDULE_LINKS: ScheduleLinks = { holdRunningWindow, nextChanges, playlistHold: scheduleHoldsPlaylist };

// The platform's request context carries these (see server/platform/context.ts).
declare module "@server/platform/context" {
  interface Register {
    deps: AppDeps;
    session: Session;
  }
}

/** PostgreSQL when DATABASE_URL names one (migrated by main.ts before serving), else DATA_DIR's SQLite file. */
function openDatabase(env: Env): Pick<AppDeps, "db" | "sqlite" | "closeDb" | "signals"> {
  if (env.DATABASE_URL) {
    const { db, client } = openPgDb(env.DATABASE_URL, { max: env.DATABASE_POOL_SIZE });
    return { db, sqlite: undefined, closeDb: () => client.close({ timeout: 5 }), signals: pgSignals(client) };
  }
  const { db, sqlite } = openDb(join(env.DATA_DIR, "console.db"));
  return { db, sqlite, closeDb: async () => sqlite.close(), signals: localSignals() };
}

/** The supervisor as this node's leases drive it: what it runs, letting go, taking over, stops and changes. */
function supervisorHost(deps: AppDeps, quiet: boolean): NodeLeasesHost {
  const s = deps.supervisor;
  const log = quiet ? undefined : lineLogger();
  return {
    local: () => s.local(),
    letGo: (id, reason) => s.letGo(id, reason),
    async takeOver(id, from) {
      await takeOverStream({ db: deps.db, supervisor: s, log }, id, from);
      // A stream that ran on another node has moved; one that never ran anywhere has only started.
      if (from !== null) await announceStreamMoved(deps, { streamId: id, from, to: deps.env.NODE_NAME });
    },
    stop: (id) => s.stop(id),
    changed: (id) => s.playlistChanged(id),
  };
}

/** Stream leases when nodes share a PostgreSQL database; none on SQLite (see AppDeps.leases). */
function nodeLeases(
  env: Env,
  d: Pick<AppDeps, "db" | "now" | "signals">,
  deps: () => AppDeps,
  quiet: boolean,
): NodeLeases | undefined {
  if (!env.DATABASE_URL) return undefined;
  return new NodeLeases({
    ...d,
    node: env.NODE_NAME,
    capacity: nodeCapacity(env),
    log: quiet ? undefined : lineLogger(),
    host: () => supervisorHost(deps(), quiet),
  });
}

/** Nodes sharing a database count sign-in attempts in it; a console alone counts them in memory. */
function loginLimiter(db: Db, now: () => number, shared: boolean): LoginLimiter {
  return shared ? new SharedLoginLimiter(db, { now }) : new LoginRateLimiter({ now });
}

/** A database a test hands over, with what goes with it. */
function givenDatabase(db: Db, o: Partial<AppDeps>): Pick<AppDeps, "db" | "sqlite" | "closeDb" | "signals"> {
  return {
    db,
    sqlite: o.sqlite,
    closeDb: o.closeDb ?? (async () => {}),
    signals: o.signals ?? localSignals(),
  };
}

export function createDeps(env: Env, overrides: Partial<AppDeps> = {}): AppDeps {
  const { db, sqlite, closeDb, signals } = overrides.db
    ? givenDatabase(overrides.db, overrides)
    : openDatabase(env);
  const now = overrides.now ?? Date.now;
  const resolve = overrides.resolve ?? systemResolver;
  const quiet = process.env.NODE_ENV === "test";
  const events = overrides.events ?? new EventBus(quiet ? undefined : lineLogger());
  const storePage =
    overrides.storePage ??
    new StorePageWatcher({
      db: db,
      now,
      communityBase: env.STEAM_COMMUNITY_BASE,
      events,
      log: quiet ? undefined : lineLogger(),
    });
  const leases = nodeLeases(env, { db, now, signals }, () => deps, quiet);
  const deps: AppDeps = {
    env,
    db: db,
    sqlite,
    closeDb,
    signals,
    loginLimiter: overrides.loginLimiter ?? loginLimiter(db, now, leases !== undefined),
    apiTokenLimiter: overrides.apiTokenLimiter ?? new TokenBucketLimiter({ now }),
    now,
    supervisor:
      overrides.supervisor ??
      // Quiet under `bun test`; the server logs state changes (never URLs or keys).
      new Supervisor({
        db: db,
        env,
        now,
        events,
        resolve,
        runListeners: [storePage, streamNodeRecorder(db, env.NODE_NAME)],
        log: quiet ? undefined : lineLogger(),
        ownership: leases,
      }),
    leases,
    storePage,
    steam: overrides.steam ?? createSteamClient(env),
    jobs:
      overrides.jobs ??
      new JobRunner({
        db: db,
        now,
        node: env.NODE_NAME,
        log: quiet ? undefined : lineLogger(),
      }),
    events,
    resolve,
    webhookSender:
      overrides.webhookSender ??
      new WebhookSender({
        db: db,
        now,
        allowPrivateTargets: env.ALLOW_PRIVATE_TARGETS,
        resolve,
        log: quiet ? undefined : lineLogger(),
      }),
    mediaHolds: overrides.mediaHolds ?? MEDIA_HOLDS,
    scheduleLinks: overrides.scheduleLinks ?? SCHEDULE_LINKS,
  };
  return deps;
}
