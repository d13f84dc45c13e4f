import type { Db } from "@server/platform/db/client";
import { acquireRole, type HeldRole, releaseRole } from "./leader-store";
import { LEASE_TIMINGS } from "./lease-timings";

/** The one role the background singletons share: they are cheap, and one holder keeps them together. */
export const BACKGROUND_ROLE = "background";

/** Work that runs on the role's holder only: started when the node takes the role, stopped when it loses it. */
export interface SingletonWorker {
  start(): void;
  stop(): unknown;
}

export interface LeaderTimings {
  /** How long a lease lasts from its last renewal. */
  ttlMs: number;
  renewMs: number;
  /**
   * How long before its lease's end a node that could not renew stops its workers, so a pass under
   * way ends before another node may take the role.
   */
  selfStopMs: number;
}

export const LEADER_TIMINGS: LeaderTimings = {
  ttlMs: LEASE_TIMINGS.ttlMs,
  renewMs: LEASE_TIMINGS.renewMs,
  selfStopMs: LEASE_TIMINGS.selfStopMs,
};

export interface LeaderKeeperOptions {
  db: Db;
  node: string;
  role?: string;
  now: () => number;
  workers: SingletonWorker[];
  timings?: Partial<LeaderTimings>;
  log?: (line: string) => void;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

/**
 * Holds a singleton role's lease for this node, the way stream leases are held: takes it when free,
 * expired or its own, renews it every 2 s for 10 s. The workers run only while the lease is held;
 * they stop when another node holds the role, or when renewals have failed until the lease is close
 * to its end. With one node (SQLite) the node always takes the role at its first round.
 */
export class LeaderKeeper {
  readonly role: string;
  readonly timings: LeaderTimings;
  private held: HeldRole | null = null;
  private handle: unknown = null;
  private round: Promise<void> | null = null;
  /** Starts and stops of the workers, one after another: a stop has ended before the next start. */
  private switching: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly o: LeaderKeeperOptions) {
    this.role = o.role ?? BACKGROUND_ROLE;
    this.timings = { ...LEADER_TIMINGS, ...o.timings };
  }

  /** Whether this node holds the role (and its workers run). */
  isLeader(): boolean {
    return this.held !== null;
  }

  /** The epoch of the term this node holds, if it does. */
  epoch(): number | null {
    return this.held?.epoch ?? null;
  }

  /** One round now, then one every renewMs. */
  start(): void {
    if (this.handle !== null) return;
    this.stopped = false;
    const every = this.o.setInterval ?? ((fn, ms) => setInterval(fn, ms));
    this.handle = every(() => void this.tick(), this.timings.renewMs);
    (this.handle as { unref?: () => void }).unref?.();
    void this.tick();
  }

  /** Stops renewing, stops the workers and gives the role back for another node to take at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.handle !== null) (this.o.clearInterval ?? ((h) => clearInterval(h as number)))(this.handle);
    this.handle = null;
    await this.round;
    const held = this.held;
    await this.lose();
    if (!held) return;
    await releaseRole(this.o.db, this.role, this.o.node, held.epoch).catch((err: Error) =>
      this.o.log?.(`[leader] ${this.role}: not given back: ${err.message}`),
    );
  }

  /** Waits for the workers' latest start or stop to be done. */
  settled(): Promise<void> {
    return this.switching;
  }

  /** One take-or-renew round (never two at once). */
  tick(): Promise<void> {
    this.checkDeadline();
    this.round ??= this.renewRound().finally(() => {
      this.round = null;
    });
    return this.round;
  }

  private async renewRound(): Promise<void> {
    if (this.stopped) return;
    let got: HeldRole | null;
    try {
      got = await acquireRole(this.o.db, this.role, this.o.node, {
        now: this.o.now(),
        ttlMs: this.timings.ttlMs,
      });
    } catch (err) {
      this.o.log?.(`[leader] ${this.role}: lease not renewed: ${(err as Error).message}`);
      this.checkDeadline();
      return;
    }
    if (this.stopped) return;
    if (!got) {
      if (this.held) this.o.log?.(`[leader] ${this.role}: another node holds the role now`);
      await this.lose();
      return;
    }
    // A new term (the lease had ended here): what ran in the old one stopped, and starts again.
    if (this.held && this.held.epoch !== got.epoch) await this.lose();
    const gained = this.held === null;
    this.held = got;
    if (gained) {
      this.o.log?.(`[leader] ${this.role}: this node runs the singletons (epoch ${got.epoch})`);
      await this.switchTo(true);
    }
  }

  /** Renewals failed for too long: the workers stop before the lease ends and another node may start them. */
  private checkDeadline(): void {
    if (!this.held) return;
    if (this.held.expiresAt - this.o.now() > this.timings.selfStopMs) return;
    this.o.log?.(`[leader] ${this.role}: lease about to end unrenewed: stopping the singletons`);
    void this.lose();
  }

  private lose(): Promise<void> {
    if (!this.held) return this.switching;
    this.held = null;
    return this.switchTo(false);
  }

  private switchTo(running: boolean): Promise<void> {
    const failed = (err: unknown) =>
      this.o.log?.(
        `[leader] ${this.role}: a worker failed to ${running ? "start" : "stop"}: ${(err as Error).message}`,
      );
    this.switching = this.switching.then(async () => {
      // Stopped side by side: each may wait for its pass under way, and all must end before the lease does.
      await Promise.all(
        this.o.workers.map(async (w) => {
          try {
            if (running) w.start();
            else await w.stop();
          } catch (err) {
            failed(err);
          }
        }),
      );
    });
    return this.switching;
  }
}
