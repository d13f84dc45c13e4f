import type { Db } from "@server/platform/db/client";
import { backoffDelay, type StreamTimings } from "./backoff";
import type { RunObservers } from "./run-observers";
import { restartLater, type StreamEntry } from "./stream-entry";
import * as store from "./stream-store";

/** What the ends of a stream's runs need of the supervisor. */
export interface RunEndContext {
  db: Db;
  timings: StreamTimings;
  log: (line: string) => void;
  observers: RunObservers;
  /** Lets go of the stream. */
  forget(entry: StreamEntry): void;
  /** Starts the stream's next run. */
  respawn(entry: StreamEntry): void;
}

/**
 * The run reached its planned end (timestamp limit or the destination's interval): the next run
 * starts at once, with no backoff and no failure counted; the row keeps its status meanwhile.
 */
export async function reconnect(c: RunEndContext, entry: StreamEntry, at: number): Promise<void> {
  const count = await store.recordPlannedReconnect(c.db, entry.streamId, at);
  if (count === null) return c.forget(entry);
  entry.runningSince = null;
  c.observers.plannedReconnect();
  c.log(`[stream ${entry.streamId}] planned reconnect (${count} so far)`);
  c.respawn(entry);
}

/**
 * A failure: recorded on the row; restarted after the backoff if the destination auto-restarts and
 * the server was not closing when the run ended.
 */
export async function failed(
  c: RunEndContext,
  entry: StreamEntry,
  f: { message: string; at: number; stalled: boolean; closing: boolean },
): Promise<void> {
  if (entry.runningSince !== null && f.at - entry.runningSince >= c.timings.healthyResetMs)
    entry.failures = 0;
  const destination = await store.destinationOf(c.db, entry.streamId);
  const retry = !!destination?.autorestart && !f.closing;
  const count = await store.recordFailure(c.db, entry.streamId, { message: f.message, at: f.at, retry });
  if (count === null) return c.forget(entry);
  await c.observers.failed(entry.streamId, f.message, f.stalled);
  c.log(`[stream ${entry.streamId}] failed (${count} so far)`);
  if (!retry || !destination) return c.forget(entry);
  const delay = backoffDelay(entry.failures, c.timings);
  entry.failures += 1;
  entry.runningSince = null;
  c.observers.restarting();
  restartLater(entry, {
    delay,
    rtmpUrl: destination.rtmpUrl,
    knockEveryMs: c.timings.ingestProbeMs,
    log: c.log,
    spawn: () => c.respawn(entry),
  });
}
