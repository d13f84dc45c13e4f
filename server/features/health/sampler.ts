import type { Db } from "@server/platform/db/client";
import { streams } from "@server/platform/db/schema";
import { lineLogger } from "@server/platform/log";
import type { LiveFigures } from "@shared/schemas/streaming";
import { eq } from "drizzle-orm";
import { COMPACT_EVERY_MS, compact, insertSample, SAMPLE_EVERY_MS } from "./sample-store";

export interface HealthTimers {
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

const realTimers: HealthTimers = {
  setInterval: (fn, ms) => {
    const handle = setInterval(fn, ms);
    handle.unref?.();
    return handle;
  },
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
};

export interface HealthSamplerOptions {
  db: Db;
  now: () => number;
  /** The supervisor's latest figures of a running stream (null when it has none). */
  live: (streamId: number) => LiveFigures | null;
  timers?: HealthTimers;
  everyMs?: number;
  /**
   * Whether this node folds and prunes the samples (hourly): one node does, the background role's
   * holder, while every node samples the streams it runs. Default: yes.
   */
  compacts?: () => boolean;
  /** Where a failed pass is told (the server's log unless given). */
  log?: (line: string) => void;
}

/**
 * Every 10 s, one health row per running stream, from the figures the supervisor already holds: the
 * sampler reads them and never touches a process. `live` knows only this node's streams, so each node
 * samples its own. Idle until started (main.ts starts it).
 */
export class HealthSampler {
  private handle: unknown = null;
  private running: Promise<number> | null = null;
  private lastCompact = 0;
  /** ffmpeg reports running totals of drops and duplicates; rows hold what happened since the last one. */
  private readonly totals = new Map<number, { dropped: number; dup: number }>();
  private readonly timers: HealthTimers;

  constructor(private readonly options: HealthSamplerOptions) {
    this.timers = options.timers ?? realTimers;
  }

  start(): void {
    if (this.handle !== null) return;
    const log = this.options.log ?? lineLogger("warn");
    this.handle = this.timers.setInterval(
      () => void this.tick().catch((err) => log(`[health] sampling failed: ${(err as Error).message}`)),
      this.options.everyMs ?? SAMPLE_EVERY_MS,
    );
  }

  /** Stops the timer and waits for a pass under way (the database may close next). */
  async stop(): Promise<void> {
    if (this.handle !== null) this.timers.clearInterval(this.handle);
    this.handle = null;
    await this.running?.catch(() => undefined);
  }

  /** One pass (answers how many rows it wrote); a call while one is under way shares it. */
  tick(): Promise<number> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** A row per running stream with figures, then the folding and pruning once an hour. */
  private async pass(): Promise<number> {
    const { db, now: clock, live } = this.options;
    const now = clock();
    const running = await db.select({ id: streams.id }).from(streams).where(eq(streams.status, "running"));
    const seen = new Set<number>();
    for (const { id } of running) {
      const figures = live(id);
      if (!figures) continue;
      seen.add(id);
      await insertSample(db, id, now, {
        ...figures,
        bitrateKbps: figures.bitrate_kbps,
        ...this.deltas(id, figures),
      });
    }
    for (const id of this.totals.keys()) if (!seen.has(id)) this.totals.delete(id);
    if (now - this.lastCompact >= COMPACT_EVERY_MS && (this.options.compacts?.() ?? true)) {
      this.lastCompact = now;
      await compact(db, now);
    }
    return seen.size;
  }

  private deltas(streamId: number, f: LiveFigures) {
    const before = this.totals.get(streamId);
    this.totals.set(streamId, { dropped: f.dropped_frames, dup: f.dup_frames });
    // A restarted ffmpeg counts from zero again.
    const since = (cur: number, prev: number | undefined) =>
      prev === undefined || cur < prev ? cur : cur - prev;
    return { dropped: since(f.dropped_frames, before?.dropped), dup: since(f.dup_frames, before?.dup) };
  }
}
