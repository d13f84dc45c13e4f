// Auto-restart timing: a failed stream of an auto-restart destination is started again after a delay
// that grows with each failure in a row. Injectable so tests run in milliseconds, not minutes.
export interface StreamTimings {
  /** No new frame for this long is a failure. */
  stallMs: number;
  /** How often the stall watch looks. */
  stallCheckMs: number;
  /** SIGINT first; SIGKILL if the child is still there after this. Short enough that a server
   * stop (signal to exit) stays within 5 s, so `npm start` ends within 6 s. */
  stopGraceMs: number;
  backoffBaseMs: number;
  backoffFactor: number;
  backoffCapMs: number;
  /** Running this long without failing resets the backoff. */
  healthyResetMs: number;
  /** While waiting to restart, how often the ingest is knocked on to see whether it is back. */
  ingestProbeMs: number;
  /**
   * A run ends on purpose, and the next starts at once, before its output timestamps reach this:
   * FLV carries them in 32 bits of milliseconds and wraps at 2^31 ms (24.8 days), where receivers
   * jump back to 0 or drop the stream.
   */
  tsLimitMs: number;
  /** Output timestamps start here instead of 0 (ffmpeg's -output_ts_offset): lets a test start near the limit. */
  outputTsOffsetMs: number;
  /**
   * How fast the input is read, in times real time: 1 is `-re`, what every ingest expects; more
   * (ffmpeg's -readrate), or 0 for no limit, lets a benchmark push weeks of stream time in minutes.
   * Set in code only, never from the environment or by a user.
   */
  readRate: number;
}

export const DEFAULT_TIMINGS: StreamTimings = {
  stallMs: 30_000,
  stallCheckMs: 1000,
  stopGraceMs: 4000,
  backoffBaseMs: 2000,
  backoffFactor: 1.5,
  backoffCapMs: 60_000,
  healthyResetMs: 60_000,
  ingestProbeMs: 2000,
  tsLimitMs: 24 * 24 * 3600_000,
  outputTsOffsetMs: 0,
  readRate: 1,
};

/** Delay before restart number `attempt` (0 for the first): base × factorⁿ, capped. */
export function backoffDelay(attempt: number, t: StreamTimings = DEFAULT_TIMINGS): number {
  return Math.min(t.backoffCapMs, Math.round(t.backoffBaseMs * t.backoffFactor ** Math.max(0, attempt)));
}
