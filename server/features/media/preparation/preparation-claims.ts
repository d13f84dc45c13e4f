import type { Claim, PreparationRow, PreparationStore } from "./preparation-store";

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

/** A row another node's encode holds: running under a claim that has not lapsed yet. */
export const heldElsewhere = (row: PreparationRow | undefined, now: number): boolean =>
  row?.status === "running" && row.claimedUntil !== null && row.claimedUntil >= now;

/**
 * Keeps the claim alive while the encode runs. A renewal refused means another node took the
 * preparation over (this node was frozen or cut off past the claim's end): `onLost` stops the encode.
 */
export function renewWhileRunning(
  claim: Claim,
  opts: { store: PreparationStore; timings: ClaimTimings; log: (line: string) => void; onLost: () => void },
) {
  const state = { lost: false, stop: () => clearInterval(timer) };
  const timer = setInterval(async () => {
    try {
      if (state.lost || (await opts.store.renew(claim, opts.timings.ttlMs))) return;
      state.lost = true;
      opts.log(`[prepare] media ${claim.mediaId}: claim taken over by another node, encode stopped`);
      opts.onLost();
    } catch (err) {
      opts.log(`[prepare] media ${claim.mediaId}: claim not renewed: ${(err as Error).message}`);
    }
  }, opts.timings.renewMs);
  timer.unref();
  return state;
}
