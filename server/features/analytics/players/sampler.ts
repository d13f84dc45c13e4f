import type { AppDeps } from "@server/deps";
import { maskKeys } from "@server/features/analytics/steam/errors";
import { realTimers, type SamplerTimers, settleWithin } from "@server/features/analytics/steam/timers";
import { noteState, stateOfError } from "@server/features/analytics/watchlist/app-states";
import { watchlistAppIds } from "@server/features/analytics/watchlist/watchlist";
import { projects, steamPlayerSamples } from "@server/platform/db/schema";
import { log } from "@server/platform/log";
import { and, eq, isNotNull } from "drizzle-orm";
import { foldSample, notePlayerPeak, pruneRawSamples } from "./player-history";

// Steam has no player-count history API, so the console keeps its own: every STEAM_SAMPLE_MINUTES it
// asks for the current players of every app that some project watches and stores one sample each.

export type { SamplerTimers } from "@server/features/analytics/steam/timers";

export interface SampleRun {
  at: number;
  sampled: { appId: number; players: number }[];
  failed: { appId: number; error: string }[];
}

/**
 * App ids of projects with Steam analytics on and an app id, and of every project's watch list, each
 * once: a game that is one studio's own and another's competitor costs one call per round.
 */
export async function watchedAppIds(deps: AppDeps): Promise<number[]> {
  const rows = await deps.db
    .selectDistinct({ appId: projects.steamAppId })
    .from(projects)
    .where(and(eq(projects.steamAnalyticsEnabled, true), isNotNull(projects.steamAppId)));
  const ids = new Set([...rows.map((r) => r.appId!), ...(await watchlistAppIds(deps))]);
  return [...ids].sort((a, b) => a - b);
}

/** Stores a sample and adds it to its day's row, in one transaction. */
export async function recordSample(
  deps: AppDeps,
  appId: number,
  players: number,
  at = deps.now(),
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.insert(steamPlayerSamples).values({ appId, playerCount: players, sampledAt: at });
    await foldSample({ db: tx }, appId, players, at);
  });
}

/** Samples one app now; used by the sampler and by a project's sync. */
export async function sampleApp(deps: AppDeps, appId: number): Promise<number> {
  const players = await deps.steam.currentPlayers(appId);
  const at = deps.now();
  await recordSample(deps, appId, players, at);
  await notePlayerPeak(deps, appId, players, at);
  return players;
}

export class Sampler {
  private handle: unknown = null;
  private running: Promise<SampleRun> | null = null;
  /** Raw samples are pruned at most once an hour, by the pass that finds the hour gone by. */
  private prunedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly deps: AppDeps,
    private readonly timers: SamplerTimers = realTimers,
  ) {}

  get started(): boolean {
    return this.handle !== null;
  }

  /** One pass over every watched app. Overlapping calls share the pass in flight. */
  runOnce(): Promise<SampleRun> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<SampleRun> {
    const run: SampleRun = { at: this.deps.now(), sampled: [], failed: [] };
    for (const appId of await watchedAppIds(this.deps)) {
      try {
        run.sampled.push({ appId, players: await sampleApp(this.deps, appId) });
        await noteState(this.deps, appId, "players", "ok");
      } catch (err) {
        run.failed.push({ appId, error: maskKeys((err as Error).message) });
        await noteState(this.deps, appId, "players", stateOfError(err));
      }
    }
    // A failed app is worth a line in the server log, never the key (maskKeys) and never a crash.
    for (const f of run.failed)
      log.warn(`Steam sample failed for app ${f.appId}: ${f.error}`, { component: "sampler" });
    if (run.at - this.prunedAt >= 3_600_000) {
      this.prunedAt = run.at;
      await pruneRawSamples(this.deps, run.at);
    }
    return run;
  }

  start(): void {
    if (this.handle !== null) return;
    const ms = this.deps.env.STEAM_SAMPLE_MINUTES * 60_000;
    this.handle = this.timers.setInterval(() => void this.runOnce(), ms);
  }

  /** Stops the timer; waits for a pass in flight, but never longer than `graceMs` (Steam may be slow). */
  async stop(graceMs = 2000): Promise<void> {
    if (this.handle !== null) this.timers.clearInterval(this.handle);
    this.handle = null;
    await settleWithin(this.running, graceMs);
  }
}
