import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS } from "../../shared/limits";

/** Counts failed sign-ins per client address in a fixed window; in memory, per server process. */
export class LoginRateLimiter {
  private failures = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit = LOGIN_FAILURE_LIMIT,
    private readonly windowMs = LOGIN_FAILURE_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  isBlocked(key: string): boolean {
    const entry = this.failures.get(key);
    if (!entry) return false;
    if (this.now() >= entry.resetAt) {
      this.failures.delete(key);
      return false;
    }
    return entry.count >= this.limit;
  }

  recordFailure(key: string): void {
    const now = this.now();
    const entry = this.failures.get(key);
    if (!entry || now >= entry.resetAt) this.failures.set(key, { count: 1, resetAt: now + this.windowMs });
    else entry.count++;
  }

  reset(key: string): void {
    this.failures.delete(key);
  }
}
