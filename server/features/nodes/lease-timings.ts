import { UNREADABLE_RETRY_MS } from "@shared/schemas/nodes";

/**
 * The lease rhythm. A node renews every 2 s; a lease lasts 10 s from its last renewal. A node that
 * could not renew stops its own ffmpeg when 3 s are left, and the watchdog (a separate process) kills
 * whatever is still running 1 s before the end, so by the time another node may claim the stream its
 * old publisher is gone, even if the node process itself is frozen. Nodes look for unowned streams
 * every 2 s, and at once when told a stream is waiting.
 */
export interface LeaseTimings {
  ttlMs: number;
  renewMs: number;
  /** How long before its lease's end a node that cannot renew stops the stream itself. */
  selfStopMs: number;
  /** How long before its lease's end the watchdog kills the stream's ffmpeg. */
  watchdogMs: number;
  claimMs: number;
  /**
   * How long a node's word that it cannot read a stream's media keeps it off that stream: long enough
   * not to send the stream round the nodes, short enough that a mount put right is tried again.
   */
  unreadableRetryMs: number;
}

export const LEASE_TIMINGS: LeaseTimings = {
  ttlMs: 10_000,
  renewMs: 2_000,
  selfStopMs: 3_000,
  watchdogMs: 1_000,
  claimMs: 2_000,
  unreadableRetryMs: UNREADABLE_RETRY_MS,
};
