import type { Db } from "@server/platform/db/client";
import { forUpdate } from "@server/platform/db/portable";
import { loginAttempts } from "@server/platform/db/schema";
import {
  LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT,
  LOGIN_ATTEMPT_LIMIT_PER_ADDRESS,
  LOGIN_FAILURE_WINDOW_MS,
} from "@shared/limits";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import {
  addressKey,
  type Counter,
  type LimiterOptions,
  type LoginLimiter,
  pairKey,
  type Reservation,
  reauthKey,
  waitFor,
} from "./rate-limit";

const SWEEP_EVERY_MS = 60_000;

/**
 * The sign-in limits of LoginRateLimiter, counted in the database the nodes share: behind a load
 * balancer every node reads and raises the same counts, so spreading guesses over nodes buys none.
 * Each attempt locks its rows in one transaction (the address's first, then the account's), so
 * concurrent guesses on several nodes queue behind the count as they do in one process.
 */
export class SharedLoginLimiter implements LoginLimiter {
  private readonly perAccount: number;
  private readonly perAddress: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    options: LimiterOptions = {},
  ) {
    this.perAccount = options.perAccount ?? LOGIN_ATTEMPT_LIMIT_PER_ACCOUNT;
    this.perAddress = options.perAddress ?? LOGIN_ATTEMPT_LIMIT_PER_ADDRESS;
    this.windowMs = options.windowMs ?? LOGIN_FAILURE_WINDOW_MS;
    this.now = options.now ?? Date.now;
  }

  reserve(address: string, account: string): Promise<Reservation> {
    return this.take(address, pairKey(address, account), null);
  }

  reserveReauthentication(address: string, account: string, accountId: string): Promise<Reservation> {
    return this.take(address, pairKey(address, account), reauthKey(accountId));
  }

  private async take(address: string, oneKey: string, everywhereKey: string | null): Promise<Reservation> {
    const now = this.now();
    await this.sweep(now);
    const wholeKey = addressKey(address);
    return this.db.transaction(async (tx) => {
      const [whole] = await this.lock(tx as Db, [wholeKey], now);
      // A blocked address adds no rows: fresh account names cannot grow the table.
      const addressWait = waitFor(whole!, this.perAddress, now);
      if (addressWait !== null) return { ok: false, retryAfterMs: this.atMostWindow(addressWait) };
      const accountKeys = everywhereKey === null ? [oneKey] : [oneKey, everywhereKey];
      const accountCounts = await this.lock(tx as Db, accountKeys, now);
      const accountWait = accountCounts.map((c) => waitFor(c, this.perAccount, now)).find((w) => w !== null);
      if (accountWait != null) return { ok: false, retryAfterMs: this.atMostWindow(accountWait) };
      await this.write(tx as Db, [wholeKey, ...accountKeys], [whole!, ...accountCounts], 1);
      let settled = false;
      return {
        ok: true,
        attempt: {
          succeeded: async () => {
            if (settled) return;
            settled = true;
            await this.giveBack(wholeKey, accountKeys);
          },
        },
      };
    });
  }

  /**
   * A window another node opened a moment after this attempt read the clock (it then waited for the
   * row's lock) ends up to that moment later than a window's length from `now`: never say more.
   */
  private atMostWindow(ms: number): number {
    return Math.min(ms, this.windowMs);
  }

  /** The counters of these keys, created empty when missing and locked until the transaction ends. */
  private async lock(tx: Db, keys: string[], now: number): Promise<Counter[]> {
    const fresh = { count: 0, resetAt: now + this.windowMs };
    await tx
      .insert(loginAttempts)
      .values(keys.map((key) => ({ key, ...fresh })))
      .onConflictDoNothing();
    const rows = await forUpdate(
      tx.select().from(loginAttempts).where(inArray(loginAttempts.key, keys)).orderBy(loginAttempts.key),
    );
    return keys.map((key) => {
      const row = rows.find((r) => r.key === key);
      return row && row.resetAt > now ? { count: row.count, resetAt: row.resetAt } : { ...fresh };
    });
  }

  private async write(tx: Db, keys: string[], counters: Counter[], add: number): Promise<void> {
    for (const [i, key] of keys.entries()) {
      const c = counters[i]!;
      await tx
        .update(loginAttempts)
        .set({ count: c.count + add, resetAt: c.resetAt })
        .where(eq(loginAttempts.key, key));
    }
  }

  /**
   * A correct password clears the account's own counts and returns its slot on the address, and
   * nothing else, as in memory.
   */
  private async giveBack(wholeKey: string, accountKeys: string[]): Promise<void> {
    const now = this.now();
    await this.db.delete(loginAttempts).where(inArray(loginAttempts.key, accountKeys));
    await this.db
      .update(loginAttempts)
      .set({ count: sql`${loginAttempts.count} - 1` })
      .where(
        and(
          eq(loginAttempts.key, wholeKey),
          sql`${loginAttempts.count} > 0`,
          sql`${loginAttempts.resetAt} > ${now}`,
        ),
      );
  }

  /** Counts whose window has passed are dropped now and then, by whichever node signs someone in. */
  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.db.delete(loginAttempts).where(lte(loginAttempts.resetAt, now));
  }
}
