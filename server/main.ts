import { join } from "node:path";
import { DigestPass } from "@server/features/analytics/digest/digest";
import { Sampler } from "@server/features/analytics/players/sampler";
import { ReviewSampler } from "@server/features/analytics/reviews/review-sampler";
import { DetailsSampler } from "@server/features/analytics/watchlist/details-sampler";
import { WishlistSampler } from "@server/features/analytics/wishlists/wishlist-sampler";
import { HealthSampler } from "@server/features/health/sampler";
import { mediaPaths } from "@server/features/media";
import { startDiskHousekeeping } from "@server/features/media/disk-housekeeping";
import {
  BACKGROUND_ROLE,
  LeaderKeeper,
  NodeDownWatch,
  NodeHeartbeat,
  nodeCapacity,
} from "@server/features/nodes";
import { Scheduler } from "@server/features/schedules/scheduler";
import { serverCpuPercent } from "@server/features/streaming";
import { closeLeftOpen as closeLeftOpenStorePage } from "@server/features/streaming/store-page/state-store";
import { closeLeftOpenRuns } from "@server/features/streaming/uptime-store";
import { seedIfEmpty } from "@server/features/users/seed";
import { deliveryWorker } from "@server/features/webhooks/delivery";
import { DailyBackup } from "@server/platform/backup/daily";
import { DATABASE } from "@server/platform/backup/layout";
import { preparePostgres } from "@server/platform/db/prepare-postgres";
import { type Env, loadEnv } from "@server/platform/env";
import { keepNewFilesPrivate, tightenFolder } from "@server/platform/files/private";
import { configureLogger, defaultLogFormat, lineLogger, log } from "@server/platform/log";
import { childRegistry } from "@server/platform/process/child-registry";
import { NODE_HEARTBEAT_MS } from "@shared/schemas/nodes";
import { createApp } from "./app";
import { type AppDeps, createDeps } from "./deps";
import { keepServingOnEscapedErrors } from "./last-resort";
import { bootNode } from "./node-boot";

/** A graceful stop (every ffmpeg asked to end, SIGKILL after its grace period) fits well within this. */
const SHUTDOWN_DEADLINE_MS = 5000;

/**
 * What runs beside the HTTP server once it serves. On every node: its heartbeat and the health
 * sampler of the streams it runs. On one node at a time, the holder of the background role: the
 * samplers, the daily passes, the scheduler, the health samples' folding, the watch for nodes that
 * went down and the daily backup. The answer stops them all.
 */
function startBackground(deps: AppDeps, env: Env) {
  const players = new Sampler(deps);
  const reviews = new ReviewSampler(deps);
  const wishlists = new WishlistSampler(deps);
  const digests = new DigestPass(deps, lineLogger());
  const details = new DetailsSampler(deps);
  // After reconcile: a window in progress starts now unless a resumed stream already holds its destination.
  const scheduler = new Scheduler(deps, undefined, lineLogger());
  const heartbeat = new NodeHeartbeat({
    db: deps.db,
    now: deps.now,
    name: env.NODE_NAME,
    maxStreams: nodeCapacity(env),
    figures: () => ({ cpuPercent: serverCpuPercent(), rssBytes: process.memoryUsage().rss }),
    log: lineLogger(),
    streams: deps.leases ? () => deps.leases?.keeper.heldCount ?? 0 : undefined,
  });
  heartbeat.start();
  const downWatch = new NodeDownWatch({
    db: deps.db,
    now: deps.now,
    everyMs: NODE_HEARTBEAT_MS,
    log: lineLogger(),
  });
  // After serving starts: the first backup runs beside live streams, never before them. The backup
  // copies the SQLite file (VACUUM INTO), or dumps the PostgreSQL database (pg_dump) on the one node
  // holding the background role.
  const backups = env.BACKUP_DIR
    ? new DailyBackup({
        dataDir: env.DATA_DIR,
        backupDir: env.BACKUP_DIR,
        databaseUrl: env.DATABASE_URL,
        keepDays: env.BACKUP_KEEP,
        log: lineLogger(),
      })
    : undefined;
  const leader = new LeaderKeeper({
    db: deps.db,
    node: env.NODE_NAME,
    role: BACKGROUND_ROLE,
    now: deps.now,
    log: lineLogger(),
    workers: [
      players,
      reviews,
      wishlists,
      digests,
      details,
      scheduler,
      downWatch,
      // Not waited for: a backup under way is left as a .part folder, which a later run prunes.
      ...(backups ? [{ start: () => backups.start(), stop: () => void backups.stop() }] : []),
    ],
  });
  const health = new HealthSampler({
    db: deps.db,
    now: deps.now,
    live: (id) => deps.supervisor.live(id),
    compacts: () => leader.isLeader(),
  });
  health.start();
  leader.start();
  return {
    /** The player-count sampler, whose first tick is STEAM_SAMPLE_MINUTES away (the demo takes one at once). */
    players,
    /** The background role's lease: the singletons run while this node holds it. */
    leader,
    async stop() {
      await leader.stop();
      await health.stop();
      heartbeat.stop();
    },
  };
}

/**
 * Owner-only from here on: what this process and its children create, and the data and backup
 * folders and the data folder's own folders as they already are (a folder closed to others closes
 * everything below it, so the files in them are left as they are). The database files are tightened
 * too, as the one place all secrets sit, should the folder ever be opened again.
 */
function keepFilesPrivate(env: Env): void {
  keepNewFilesPrivate();
  const media = mediaPaths(env.DATA_DIR);
  const failed = [
    ...tightenFolder(env.DATA_DIR, [DATABASE, `${DATABASE}-wal`, `${DATABASE}-shm`]),
    ...[media.media, media.posters, media.prepared, media.tmp, join(env.DATA_DIR, "playlists")].flatMap((d) =>
      tightenFolder(d),
    ),
    ...(env.BACKUP_DIR ? tightenFolder(env.BACKUP_DIR) : []),
  ];
  for (const f of failed) log.warn(`Could not make owner-only: ${f}`);
}

// Boot: env, db (migrations run on open, or by preparePostgres), seed, HTTP. Graceful shutdown closes what boot opened.
// startServer is exported so the demo (server/demo/main.ts) boots exactly the same console.
export async function startServer(env: Env) {
  const started = performance.now();
  keepFilesPrivate(env);
  const deps = createDeps(env);
  if (!deps.sqlite) await preparePostgres(deps.db, env.DATABASE_URL ?? "");
  const seed = await seedIfEmpty(deps.db, { adminEmail: env.ADMIN_EMAIL, adminPassword: env.ADMIN_PASSWORD });
  if (seed.seeded) {
    log.info(`Seeded admin ${seed.adminEmail}`);
    if (seed.generatedPassword)
      // The one secret ever written out: the operator has no other way to learn it. Set ADMIN_PASSWORD to avoid it.
      log.warn(`Generated admin password (shown once): ${seed.generatedPassword}`);
  }
  // Before reconcile: a resumed stream may start a re-encode, whose fresh .part must stay.
  const housekeeping = await startDiskHousekeeping(
    env.DATA_DIR,
    deps.sqlite,
    lineLogger(),
    !!deps.leases,
    env.UPLOAD_EXPIRY_HOURS * 60 * 60 * 1000,
  );
  // Before reconcile, so a resumed stream's failure is told; also resumes deliveries left pending.
  const webhooks = deliveryWorker(deps, lineLogger());
  webhooks.start();
  const node = await bootNode(deps, env);
  // Publishing a crashed run left open ends at its last health sample, before resumed streams open new runs.
  await closeLeftOpenRuns(deps.db, node.elsewhere);
  await closeLeftOpenStorePage(deps.db, node.elsewhere);
  // Streams a previous run left live: kill leftovers, resume auto-restart destinations, before serving.
  const resumed = await deps.supervisor.reconcile();
  // Syncs a previous run left unfinished cannot go on where they stopped: they end interrupted.
  // With other nodes: a re-encode whose node stopped renewing its claim is taken over here.
  deps.supervisor.preparations.watchLapsed();
  const interrupted = await deps.jobs.interruptLeftRunning();
  if (interrupted) log.info(`Marked ${interrupted} unfinished sync job(s) interrupted`);
  if (resumed.length) log.info(`Resumed ${resumed.length} auto-restart stream(s)`);
  await node.start();
  // Last resort: even on an unplanned exit no child (stream, preparation, probe, poster) may
  // outlive the server (children are also tied to this process by the kernel, which covers a SIGKILL).
  process.on("exit", () => childRegistry.killAllNow());
  const app = createApp(deps);
  const server = Bun.serve({
    port: env.PORT,
    hostname: env.HOST,
    fetch: app.fetch,
    // Body sizes are enforced by the app as bytes arrive (the JSON limit, the upload limit), which
    // answers in JSON; Bun's own check would answer an empty 413, and its default 128 MiB cut uploads off.
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
    idleTimeout: 120,
  });
  const ms = Math.round(performance.now() - started);
  log.info(`Console listening on http://${server.hostname}:${server.port} (ready in ${ms} ms)`);
  const background = startBackground(deps, env);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: shutting down`);
    // Whatever hangs, the process is gone within 5 s and takes no child with it.
    setTimeout(() => {
      log.warn("Shutdown took too long: killing the remaining child processes");
      childRegistry.killAllNow();
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    await background.stop();
    housekeeping.stop();
    // Before the supervisor stops what is left: with other nodes, streams move instead of stopping.
    await node.handOver();
    // Every ffmpeg child is stopped and recorded before the database closes.
    await deps.supervisor.shutdown();
    await node.stop();
    await deps.storePage.close();
    await webhooks.stop();
    // What is left is not the supervisor's to stop gracefully: an upload's probe or poster.
    childRegistry.killAllNow();
    await server.stop();
    await deps.closeDb();
    process.exit(0);
  };
  return { server, deps, background, shutdown };
}

async function main() {
  keepServingOnEscapedErrors();
  let env: Env;
  try {
    env = loadEnv();
    configureLogger({ level: env.LOG_LEVEL, format: env.LOG_FORMAT ?? defaultLogFormat() });
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  let shutdown: (signal: string) => Promise<void>;
  try {
    ({ shutdown } = await startServer(env));
  } catch (err) {
    // A server that cannot boot (port taken, database unreadable) exits non-zero: the keeper, systemd
    // or Docker then retries with its backoff instead of taking it for a clean stop.
    log.error(`Could not start the console: ${(err as Error).message}`);
    process.exit(1);
  }
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGHUP", () => void shutdown("SIGHUP"));
}

if (import.meta.main) await main();
