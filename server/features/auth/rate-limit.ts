import {
  LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT,
  LOGIN_ATTEMPT_LIMIT_PER_ADDRESS,
  LOGIN_FAILURE_WINDOW_MS,
} from "@shared/limits";

export interface Counter {
  count: number;
  resetAt: number;
}

export interface LimiterOptions {
  /** Attempts one address may make on one account per window. */
  perAccount?: number;
  /** Attempts one address may make over all accounts per window: higher, for shared offices. */
  perAddress?: number;
  windowMs?: number;
  now?: () => number;
}

/** Handed out by `reserve`: a sign-in that turned out right gives its slot back. */
export interface Attempt {
  succeeded(): void | Promise<void>;
}

export type Reservation = { ok: true; attempt: Attempt } | { ok: false; retryAfterMs: number };

/** Where sign-in attempts are counted: this process's memory, or the database the nodes share. */
export interface LoginLimiter {
  reserve(address: string, account: string): Reservation | Promise<Reservation>;
  reserveReauthentication(
    address: string,
    account: string,
    accountId: string,
  ): Reservation | Promise<Reservation>;
}

/** The keys an attempt counts under: the address over all accounts, the address on this account. */
export const addressKey = (address: string) => `addr\n${address}`;
export const pairKey = (address: string, account: string) =>
  `pair\n${address}\n${account.trim().toLowerCase()}`;
/** A password check by the signed-in account itself, counted from any address. */
export const reauthKey = (accountId: string) => `reauth\n${accountId}`;

/** How long until a counter that has reached its limit opens again; null while it is below. */
export function waitFor(counter: Counter, limit: number, now: number): number | null {
  return counter.count >= limit ? Math.max(1, counter.resetAt - now) : null;
}

/** Counters above this size are swept of expired entries, so a flood of fresh keys cannot grow memory. */
const SWEEP_ABOVE = 10_000;
const SWEEP_EVERY_MS = 1000;

/**
 * Counts sign-in attempts per (address, account) and per address, in fixed windows; in memory, per
 * server process. An attempt takes its slot synchronously before the password is checked, so
 * concurrent guesses queue behind the counter instead of racing past it. A correct sign-in returns
 * its own slot and clears its own (address, account) pair, and nothing else: an attacker's valid
 * sign-in on their own account cannot reset the count on someone else's.
 */
export class LoginRateLimiter implements LoginLimiter {
  private counters = new Map<string, Counter>();
  private lastSweep = 0;
  private readonly perAccount: number;
  private readonly perAddress: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(options: LimiterOptions = {}) {
    this.perAccount = options.perAccount ?? LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT;
    this.perAddress = options.perAddress ?? LOGIN_ATTEMPT_LIMIT_PER_ADDRESS;
    this.windowMs = options.windowMs ?? LOGIN_FAILURE_WINDOW_MS;
    this.now = options.now ?? Date.now;
  }

  reserve(address: string, account: string): Reservation {
    return this.take(address, account, null);
  }

  /**
   * A password check by someone already signed in as the account (changing its password or email).
   * It counts as a sign-in attempt on that account from that address, and also against the account
   * from any address: the caller holds the account's cookie or token, so rotating addresses must not
   * buy more guesses. Only holders of the account's session can fill that count, so it cannot be used
   * to lock the owner out of signing in.
   */
  reserveReauthentication(address: string, account: string, accountId: string): Reservation {
    return this.take(address, account, reauthKey(accountId));
  }

  private take(address: string, account: string, everywhereKey: string | null): Reservation {
    const now = this.now();
    if (this.counters.size > SWEEP_ABOVE && now - this.lastSweep >= SWEEP_EVERY_MS) this.sweep(now);
    const wholeKey = addressKey(address);
    const whole = this.live(wholeKey, now);
    // A blocked address gets no further entries: fresh account names cannot grow the map.
    const addressWait = waitFor(whole, this.perAddress, now);
    if (addressWait !== null) return { ok: false, retryAfterMs: addressWait };
    const oneKey = pairKey(address, account);
    const pair = this.live(oneKey, now);
    const everywhere = everywhereKey === null ? null : this.live(everywhereKey, now);
    const accountWait = [pair, everywhere]
      .map((c) => c && waitFor(c, this.perAccount, now))
      .find((w) => w != null);
    if (accountWait != null) return { ok: false, retryAfterMs: accountWait };
    pair.count++;
    whole.count++;
    if (everywhere) everywhere.count++;
    let settled = false;
    return {
      ok: true,
      attempt: {
        succeeded: () => {
          if (settled) return;
          settled = true;
          this.counters.delete(oneKey);
          if (everywhereKey !== null) this.counters.delete(everywhereKey);
          const current = this.counters.get(wholeKey);
          if (current === whole && whole.count > 0) whole.count--;
        },
      },
    };
  }

  private live(key: string, now: number): Counter {
    let entry = this.counters.get(key);
    if (!entry || now >= entry.resetAt) {
      entry = { count: 0, resetAt: now + this.windowMs };
      this.counters.set(key, entry);
    }
    return entry;
  }

  private sweep(now: number) {
    this.lastSweep = now;
    for (const [key, entry] of this.counters) if (now >= entry.resetAt) this.counters.delete(key);
  }
}
