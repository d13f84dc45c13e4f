import { API_TOKEN_BURST, API_TOKEN_RATE_PER_SECOND } from "@shared/limits";

interface Bucket {
  tokens: number;
  at: number;
}

export type Take = { ok: true } | { ok: false; retryAfterMs: number };

/** Buckets idle long enough to be full again are dropped once the map grows past this. */
const SWEEP_ABOVE = 10_000;

/**
 * A token bucket per key (an API token's id): `burst` requests at once, refilled at `ratePerSecond`.
 * In memory, per server process, like the sign-in limiter.
 */
export class TokenBucketLimiter {
  private buckets = new Map<string, Bucket>();
  private readonly rate: number;
  private readonly burst: number;
  private readonly now: () => number;

  constructor(options: { ratePerSecond?: number; burst?: number; now?: () => number } = {}) {
    this.rate = options.ratePerSecond ?? API_TOKEN_RATE_PER_SECOND;
    this.burst = options.burst ?? API_TOKEN_BURST;
    this.now = options.now ?? Date.now;
  }

  take(key: string): Take {
    const now = this.now();
    if (this.buckets.size > SWEEP_ABOVE) this.sweep(now);
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + (Math.max(0, now - bucket.at) * this.rate) / 1000);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens < 1)
      return { ok: false, retryAfterMs: Math.ceil(((1 - bucket.tokens) * 1000) / this.rate) };
    bucket.tokens -= 1;
    return { ok: true };
  }

  private sweep(now: number) {
    const fullAfterMs = (this.burst * 1000) / this.rate;
    for (const [key, b] of this.buckets) if (now - b.at >= fullAfterMs) this.buckets.delete(key);
  }
}
