import type { Db } from "@server/platform/db/client";
import { NODE_DOWN_AFTER_MS } from "@shared/schemas/nodes";
import type { LiveFigures } from "@shared/schemas/streaming";
import { type Claimed, claimUnowned } from "./lease-claims";
import {
  acquireLease,
  endedAmong,
  type HeldLease,
  holdsLease,
  releaseLease,
  renewLeases,
} from "./lease-store";
import { LEASE_TIMINGS, type LeaseTimings } from "./lease-timings";

/** What the keeper asks of the streams this node runs (the supervisor, through an adapter). */
export interface LeaseHost {
  /** The streams this node runs now, with their ffmpeg's pid and latest figures. */
  local(): { streamId: number; pid: number | null; figures: LiveFigures | null }[];
  /** Starts a stream this node has just claimed from `from` (null: a stream no node held), where it was. */
  takeOver(streamId: number, from: string | null): Promise<void>;
  /** Ends a stream's ffmpeg at once without writing its row: another node owns it now, or will. */
  letGo(streamId: number, reason: string): void;
}

/** Deadlines a separate watchdog process enforces on a child, whatever this process is doing. */
export interface Deadlines {
  guard(pid: number, deadlineMs: number): void;
  release(pid: number): void;
}

export interface LeaseKeeperOptions {
  db: Db;
  node: string;
  capacity: number | null;
  now: () => number;
  host: LeaseHost;
  deadlines?: Deadlines;
  timings?: Partial<LeaseTimings>;
  log?: (line: string) => void;
}

/**
 * Holds this node's stream leases: takes one before a stream starts here, renews them on a timer
 * (stopping any stream whose lease went to another node), claims streams nobody runs, and, when the
 * database cannot be reached, stops its own streams before their leases end.
 */
export class LeaseKeeper {
  readonly timings: LeaseTimings;
  private readonly held = new Map<number, HeldLease>();
  private timers: ReturnType<typeof setInterval>[] = [];
  private renewing: Promise<void> | null = null;
  private claiming: Promise<void> | null = null;
  private deadlines: Deadlines | undefined;

  constructor(private readonly o: LeaseKeeperOptions) {
    this.timings = { ...LEASE_TIMINGS, ...o.timings };
    this.deadlines = o.deadlines;
  }

  /** The watchdog, once it runs (it starts after the keeper is built). */
  attachDeadlines(deadlines: Deadlines): void {
    this.deadlines = deadlines;
  }

  /** The streams this node holds, by id. */
  heldIds(): number[] {
    return [...this.held.keys()];
  }

  private clock() {
    return { now: this.o.now(), ttlMs: this.timings.ttlMs };
  }

  /** Takes the lease of a stream about to start here; false when another node holds it. */
  async acquire(streamId: number): Promise<boolean> {
    const lease = await acquireLease(this.o.db, streamId, this.o.node, this.clock());
    if (lease) this.held.set(streamId, lease);
    return lease !== null;
  }

  /** The epoch this node holds a stream at (what its writes about the stream name), if it does. */
  epochOf(streamId: number): number | undefined {
    return this.held.get(streamId)?.epoch;
  }

  /** How many streams this node holds. */
  get heldCount(): number {
    return this.held.size;
  }

  /** Whether the database still says this node holds the stream at its epoch (a fenced write asks this). */
  async holds(streamId: number): Promise<boolean> {
    const lease = this.held.get(streamId);
    return !!lease && (await holdsLease(this.o.db, streamId, this.o.node, lease.epoch, this.o.now()));
  }

  /** Gives back the lease of a stream that ended here on purpose (stopped, failed for good). */
  async release(streamId: number): Promise<void> {
    const lease = this.held.get(streamId);
    if (!lease) return;
    this.held.delete(streamId);
    await releaseLease(this.o.db, lease, this.o.node);
  }

  /** The child ended: the watchdog forgets it. */
  unguard(pid: number): void {
    this.deadlines?.release(pid);
  }

  /** Tells the watchdog the deadline of a child that has just started under a held lease. */
  guard(streamId: number, pid: number): void {
    const lease = this.held.get(streamId);
    if (lease) this.deadlines?.guard(pid, lease.expiresAt - this.timings.watchdogMs);
  }

  start(): void {
    if (this.timers.length) return;
    this.timers = [
      setInterval(() => void this.renew(), this.timings.renewMs),
      setInterval(() => void this.claim(), this.timings.claimMs),
    ];
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
  }

  /** One renewal round (never two at once). */
  renew(): Promise<void> {
    this.renewing ??= this.renewRound().finally(() => {
      this.renewing = null;
    });
    return this.renewing;
  }

  /** One claim round (never two at once); also run when another node says a stream is waiting. */
  claim(): Promise<void> {
    this.claiming ??= this.claimRound().finally(() => {
      this.claiming = null;
    });
    return this.claiming;
  }

  private async renewRound(): Promise<void> {
    const local = this.o.host.local().filter((s) => this.held.has(s.streamId));
    const renewals = local.map((s) => ({ ...this.held.get(s.streamId)!, figures: s.figures }));
    let renewed: HeldLease[];
    try {
      renewed = await renewLeases(this.o.db, this.o.node, renewals, this.clock());
    } catch (error) {
      this.o.log?.(`Leases not renewed: ${(error as Error).message}`);
      return this.stopBeforeLeasesEnd();
    }
    const kept = new Map(renewed.map((r) => [r.streamId, r]));
    // A stop asked on another node whose word did not arrive: the row says it, and it is kept here too.
    const over = new Set(await endedAmong(this.o.db, [...kept.keys()]).catch(() => []));
    for (const s of local) {
      const lease = kept.get(s.streamId);
      if (!lease) {
        this.held.delete(s.streamId);
        this.o.log?.(`[stream ${s.streamId}] its lease went to another node: stopping it here`);
        this.o.host.letGo(s.streamId, "lease lost");
        continue;
      }
      if (over.has(s.streamId)) {
        this.o.host.letGo(s.streamId, "its row says it ended");
        continue;
      }
      this.held.set(s.streamId, lease);
      if (s.pid) this.deadlines?.guard(s.pid, lease.expiresAt - this.timings.watchdogMs);
    }
  }

  /** The database is out of reach: what would outlive its lease stops now, so no key gets two publishers. */
  private stopBeforeLeasesEnd(): void {
    const now = this.o.now();
    for (const [streamId, lease] of this.held) {
      if (lease.expiresAt - now > this.timings.selfStopMs) continue;
      this.held.delete(streamId);
      this.o.log?.(`[stream ${streamId}] stopped before its lease ended: the database cannot be reached`);
      this.o.host.letGo(streamId, "database unreachable");
    }
  }

  private async claimRound(): Promise<void> {
    let claimed: Claimed[];
    try {
      const request = {
        node: this.o.node,
        capacity: this.o.capacity,
        aliveSince: this.o.now() - NODE_DOWN_AFTER_MS,
        unreadableSince: this.o.now() - this.timings.unreadableRetryMs,
      };
      claimed = await claimUnowned(this.o.db, request, this.clock());
    } catch (error) {
      this.o.log?.(`Unowned streams not claimed: ${(error as Error).message}`);
      return;
    }
    for (const lease of claimed) {
      this.held.set(lease.streamId, lease);
      this.o.log?.(
        `[stream ${lease.streamId}] taken over from ${lease.from ?? "no node"} (epoch ${lease.epoch})`,
      );
      await this.o.host.takeOver(lease.streamId, lease.from).catch((error: Error) => {
        this.o.log?.(`[stream ${lease.streamId}] could not be taken over: ${error.message}`);
      });
    }
  }
}
