/**
 * The rhythm of a preparation's claim when nodes share the database. A node renews its claim every
 * 5 s while ffmpeg runs; the claim lasts 30 s from its last renewal, so a node that died mid-encode
 * has its preparation taken over within about 30 s plus one look for lapsed claims (every 10 s). A
 * node waiting for another's preparation reads the row once a second.
 */
export interface ClaimTimings {
  ttlMs: number;
  renewMs: number;
  /** How often a node waiting for another node's re-encode reads its row. */
  pollMs: number;
  /** How often each node looks for running preparations whose claim lapsed. */
  lapsedMs: number;
}

export const CLAIM_TIMINGS: ClaimTimings = {
  ttlMs: 30_000,
  renewMs: 5_000,
  pollMs: 1_000,
  lapsedMs: 10_000,
};
