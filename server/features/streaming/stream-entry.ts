import { watchIngest } from "./ingest-probe";
import type { LoopPlan } from "./loop-plan";
import type { StreamProcess } from "./stream-process";
import type { LaunchRows } from "./stream-store";

/** One stream in the supervisor's hands: pushing, preparing its media, or waiting to restart. */
export interface StreamEntry {
  streamId: number;
  /** The rows the first launch was given; later launches load them afresh. */
  rows: LaunchRows | null;
  process: StreamProcess | null;
  /** Where the current run's planned end lies; moved when its playlist is edited on air. */
  plan: LoopPlan | null;
  runningSince: number | null;
  /** Failures in a row, for the backoff; reset after a healthy stretch. */
  failures: number;
  stopRequested: boolean;
  /** Let go without a word: another node owns the stream now (no row write, no lease release). */
  abandoned: boolean;
  /** Set by a graceful shutdown for auto-restart destinations: resumed on the next start. */
  resumeOnStart: boolean;
  restartTimer: ReturnType<typeof setTimeout> | null;
  /** Stops the ingest knocking that runs while the entry waits to restart. */
  stopProbe: (() => void) | null;
  /** Resolves once the supervisor has let go of the stream (its row says how it ended). */
  ended: Promise<void>;
  end: () => void;
  /** The stream's row writes, one after another (see inOrder). */
  writes: Promise<void>;
}

export function newEntry(rows: LaunchRows): StreamEntry {
  let end = () => {};
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });
  return {
    streamId: rows.stream.id,
    rows,
    process: null,
    plan: null,
    runningSince: null,
    failures: 0,
    stopRequested: false,
    abandoned: false,
    resumeOnStart: false,
    restartTimer: null,
    stopProbe: null,
    ended,
    end,
    writes: Promise.resolve(),
  };
}

/**
 * Runs `write` once the stream's earlier writes are done. ffmpeg's events arrive in synchronous
 * callbacks, and on PostgreSQL two queries in flight may land in either order: queued here, the row
 * sees a stream's changes in the order they happened. A write that fails is logged; the next still runs.
 */
export function inOrder(
  entry: StreamEntry,
  log: (line: string) => void,
  write: () => Promise<unknown>,
): Promise<void> {
  const done = entry.writes.then(write).then(
    () => undefined,
    (err) => log(`[stream ${entry.streamId}] recording failed: ${(err as Error).message}`),
  );
  entry.writes = done;
  return done;
}

/**
 * Waits `delay` ms, then calls `restart`, unless the ingest (seen down) answers again first: an
 * ingest that is back restarts the stream now, not after the backoff.
 */
export function waitToRestart(
  entry: StreamEntry,
  w: { delay: number; rtmpUrl: string; knockEveryMs: number; restart: (early: boolean) => void },
): void {
  entry.restartTimer = setTimeout(() => w.restart(false), w.delay);
  entry.stopProbe = watchIngest(w.rtmpUrl, w.knockEveryMs, () => {
    if (entry.restartTimer && !entry.stopRequested) w.restart(true);
  });
}

/** Ends a wait for restart: its timer and its ingest knocking. */
export function cancelWait(entry: StreamEntry): void {
  if (entry.restartTimer) clearTimeout(entry.restartTimer);
  entry.restartTimer = null;
  entry.stopProbe?.();
  entry.stopProbe = null;
}

/** After a failure: waits out the backoff (or the ingest coming back), then calls `spawn` again. */
export function restartLater(
  entry: StreamEntry,
  r: { delay: number; rtmpUrl: string; knockEveryMs: number; log: (line: string) => void; spawn: () => void },
): void {
  r.log(`[stream ${entry.streamId}] restarting in ${r.delay} ms`);
  waitToRestart(entry, {
    delay: r.delay,
    rtmpUrl: r.rtmpUrl,
    knockEveryMs: r.knockEveryMs,
    restart: (early) => {
      if (early) r.log(`[stream ${entry.streamId}] ingest answers again: restarting now`);
      r.spawn();
    },
  });
}
