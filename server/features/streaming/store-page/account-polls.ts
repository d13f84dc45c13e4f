import { BroadcastCheckError, type BroadcastInfo } from "./broadcast-info";
import type { Check, StorePageTimings } from "./verdict";

type Listener = (check: Check) => void;

interface Account {
  steamId: string;
  listeners: Set<Listener>;
  timer: ReturnType<typeof setTimeout> | null;
  /** Failed checks in a row: the next wait grows with it. */
  failures: number;
  last: Check | null;
  inFlight: Promise<Check> | null;
}

/**
 * One check loop per broadcasting Steam account, however many streams share it: Steam answers per
 * account, so two streams with keys of one account cost one request every poll, not two. Errors back
 * off (30 s, 60 s, 120 s … up to 5 minutes) and are told to the listeners like any answer.
 */
export class AccountPolls {
  private readonly accounts = new Map<string, Account>();

  constructor(
    private readonly o: {
      ask: (steamId: string) => Promise<BroadcastInfo>;
      now: () => number;
      timings: StorePageTimings;
      log: (line: string) => void;
    },
  ) {}

  /** Starts hearing of an account (its first check goes out now); returns the function that stops. */
  watch(steamId: string, listener: Listener): () => void {
    let account = this.accounts.get(steamId);
    if (!account) {
      account = { steamId, listeners: new Set(), timer: null, failures: 0, last: null, inFlight: null };
      this.accounts.set(steamId, account);
      void this.poll(account);
    }
    account.listeners.add(listener);
    const held = account;
    return () => {
      held.listeners.delete(listener);
      if (held.listeners.size > 0 || this.accounts.get(steamId) !== held) return;
      if (held.timer) clearTimeout(held.timer);
      this.accounts.delete(steamId);
    };
  }

  /** Steam's last word about the account, if it is watched and has been asked. */
  last(steamId: string): Check | null {
    return this.accounts.get(steamId)?.last ?? null;
  }

  /** Asks Steam now (or joins the question already out); null when nobody watches the account. */
  async checkNow(steamId: string): Promise<Check | null> {
    const account = this.accounts.get(steamId);
    if (!account) return null;
    return account.inFlight ?? this.poll(account);
  }

  /** How many accounts are watched (one request per account per poll). */
  get size(): number {
    return this.accounts.size;
  }

  close(): void {
    for (const account of this.accounts.values()) if (account.timer) clearTimeout(account.timer);
    this.accounts.clear();
  }

  private poll(account: Account): Promise<Check> {
    if (account.timer) clearTimeout(account.timer);
    account.timer = null;
    const run = this.ask(account.steamId).then((check) => {
      account.inFlight = null;
      // Nobody listens any more (every stream of the account ended meanwhile): the answer is dropped.
      if (this.accounts.get(account.steamId) !== account) return check;
      account.last = check;
      account.failures = check.ok ? 0 : account.failures + 1;
      for (const listener of account.listeners) {
        try {
          listener(check);
        } catch (err) {
          this.o.log(`[store-page] a listener failed: ${(err as Error).message}`);
        }
      }
      // Unref'd: a check never holds the process open (the server and the streams do).
      account.timer = setTimeout(() => void this.poll(account), this.delay(account));
      account.timer.unref?.();
      return check;
    });
    account.inFlight = run;
    return run;
  }

  private delay(account: Account): number {
    const { pollMs, backoffMs } = this.o.timings;
    if (account.failures === 0) return pollMs;
    return backoffMs[Math.min(account.failures, backoffMs.length) - 1] ?? pollMs;
  }

  private async ask(steamId: string): Promise<Check> {
    try {
      const info = await this.o.ask(steamId);
      return { at: this.o.now(), ok: true, info };
    } catch (err) {
      const misunderstood = err instanceof BroadcastCheckError && err.misunderstood;
      this.o.log(`[store-page] check of a broadcaster failed: ${(err as Error).message}`);
      return { at: this.o.now(), ok: false, misunderstood };
    }
  }
}
