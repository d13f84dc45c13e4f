import type { Db } from "@server/platform/db/client";
import { streamLeases, streams } from "@server/platform/db/schema";
import type { ClusterSignals } from "@server/platform/db/signals";
import { NODE_DOWN_AFTER_MS } from "@shared/schemas/nodes";
import { isLive, type LiveFigures } from "@shared/schemas/streaming";
import { and, eq, gte, ne } from "drizzle-orm";
import { type Deadlines, type LeaseHost, LeaseKeeper } from "./lease-keeper";
import { aliveNodes, leasesPerNode, sharedFigures } from "./lease-store";
import type { LeaseTimings } from "./lease-timings";
import { clearUnreadable, markUnreadable, unreadableSince } from "./unreadable-store";

/** What this node is asked to do by another: stop or refresh a stream it runs, or claim waiting ones. */
type Signal = { stop: number } | { changed: number } | { claim: true };
const CHANNEL = "console_streams";
const STOP_WAIT_MS = 15_000;
const FIGURES_FRESH_MS = 3_000;

/** The supervisor, as the node's leases drive it. */
export interface NodeLeasesHost extends LeaseHost {
  stop(streamId: number): Promise<void>;
  changed(streamId: number): Promise<void>;
}

export interface NodeLeasesOptions {
  db: Db;
  node: string;
  capacity: number | null;
  now: () => number;
  signals: ClusterSignals;
  /** Read when first needed: the supervisor is built with these leases. */
  host: () => NodeLeasesHost;
  deadlines?: Deadlines;
  timings?: Partial<LeaseTimings>;
  log?: (line: string) => void;
}

/**
 * The supervisor's stream ownership on a shared database: the lease keeper, plus what crosses nodes
 * (a stop or a change asked on another node, a stream waiting for a node with room).
 */
export class NodeLeases {
  readonly keeper: LeaseKeeper;
  private unsubscribe: (() => Promise<void>) | null = null;

  constructor(private readonly o: NodeLeasesOptions) {
    const host: LeaseHost = {
      local: () => o.host().local(),
      letGo: (id, reason) => o.host().letGo(id, reason),
      takeOver: (id, from) => o.host().takeOver(id, from),
    };
    this.keeper = new LeaseKeeper({ ...o, host });
  }

  async start(): Promise<void> {
    this.unsubscribe = await this.o.signals.subscribe(CHANNEL, (payload) => void this.heard(payload));
    this.keeper.start();
  }

  async stop(): Promise<void> {
    this.keeper.stop();
    await this.unsubscribe?.();
    this.unsubscribe = null;
  }

  private async heard(payload: string): Promise<void> {
    try {
      const signal = JSON.parse(payload) as Signal;
      if ("stop" in signal && this.keeper.epochOf(signal.stop) !== undefined)
        await this.o.host().stop(signal.stop);
      else if ("changed" in signal && this.keeper.epochOf(signal.changed) !== undefined)
        await this.o.host().changed(signal.changed);
      else if ("claim" in signal) await this.keeper.claim();
    } catch (error) {
      this.o.log?.(`Signal from another node not handled: ${(error as Error).message}`);
    }
  }

  private tell(signal: Signal): Promise<void> {
    return this.o.signals.publish(CHANNEL, JSON.stringify(signal));
  }

  /**
   * A new stream runs here unless this node is full or another node that is up runs fewer streams:
   * then the others are told, and the least-loaded one claims it.
   */
  async acquire(streamId: number): Promise<boolean> {
    if (this.keeper.epochOf(streamId) === undefined && !(await this.roomHere())) {
      await this.tell({ claim: true });
      return false;
    }
    return this.keeper.acquire(streamId);
  }

  private async roomHere(): Promise<boolean> {
    if (this.o.capacity !== null && this.keeper.heldCount >= this.o.capacity) return false;
    const now = this.o.now();
    const perNode = await leasesPerNode(this.o.db, now);
    const mine = perNode.get(this.o.node) ?? 0;
    const up = await aliveNodes(this.o.db, now - NODE_DOWN_AFTER_MS);
    return !up.some((n) => n !== this.o.node && (perNode.get(n) ?? 0) < mine);
  }

  holds = (streamId: number) => this.keeper.holds(streamId);

  /**
   * The figures other nodes wrote for streams they run, when no older than 3 s (renewals come every
   * 2 s, each lasting the lease's length, so a renewal's time is its expiry less that length). One
   * query for every stream an answer lists.
   */
  async figuresOf(streamIds: readonly number[]): Promise<Map<number, LiveFigures | null>> {
    const since = this.o.now() + this.keeper.timings.ttlMs - FIGURES_FRESH_MS;
    const shared = await sharedFigures(this.o.db, streamIds, since);
    return new Map([...shared].map(([id, lease]) => [id, lease.figures]));
  }
  guard = (streamId: number, pid: number) => this.keeper.guard(streamId, pid);
  unguard = (pid: number) => this.keeper.unguard(pid);

  /**
   * A node shutting down on purpose hands its streams over at once, instead of stopping them: each
   * ffmpeg ends, each lease is given back, and the other nodes are told to claim them. With no other
   * node up there is no one to hand them to: they stop as on a console of its own (and resume at start).
   */
  async handOver(): Promise<number> {
    const others = (await aliveNodes(this.o.db, this.o.now() - NODE_DOWN_AFTER_MS)).filter(
      (n) => n !== this.o.node,
    );
    if (others.length === 0) return 0;
    const ids = this.keeper.heldIds();
    for (const id of ids) {
      this.o.host().letGo(id, "this node is shutting down; another node takes it over");
      await this.keeper.release(id).catch(() => undefined);
    }
    if (ids.length) await this.tell({ claim: true }).catch(() => undefined);
    return ids.length;
  }
  release = (streamId: number) => this.keeper.release(streamId);

  /** Whether a node other than this one is up (its heartbeat is recent). */
  async othersUp(): Promise<boolean> {
    const up = await aliveNodes(this.o.db, this.o.now() - NODE_DOWN_AFTER_MS);
    return up.some((n) => n !== this.o.node);
  }

  /**
   * This node cannot read the stream's media (`file`, the name the studio knows): that is recorded for
   * every node to see. While a node that is up has not said the same, the lease goes back and the
   * others are told to claim ("handed"); once every node up has, the stream is nobody's to run ("nowhere").
   */
  async cannotRead(streamId: number, file: string): Promise<"handed" | "nowhere"> {
    const now = this.o.now();
    await markUnreadable(this.o.db, { streamId, node: this.o.node, file, at: now });
    const said = await unreadableSince(this.o.db, streamId, now - this.keeper.timings.unreadableRetryMs);
    const unable = new Set(said.map((m) => m.node));
    const up = await aliveNodes(this.o.db, now - NODE_DOWN_AFTER_MS);
    if (up.every((n) => unable.has(n))) return "nowhere";
    await this.keeper.release(streamId);
    await this.tell({ claim: true });
    return "handed";
  }

  /** The node holding an unexpired lease on the stream, when it is not this one. */
  private async ownerElsewhere(streamId: number): Promise<string | null> {
    const [lease] = await this.o.db
      .select({ node: streamLeases.node })
      .from(streamLeases)
      .where(and(eq(streamLeases.streamId, streamId), gte(streamLeases.expiresAt, this.o.now())));
    return lease && lease.node !== this.o.node ? lease.node : null;
  }

  async stopElsewhere(streamId: number): Promise<boolean> {
    if (!(await this.ownerElsewhere(streamId))) return false;
    await this.tell({ stop: streamId });
    const until = Date.now() + STOP_WAIT_MS;
    while (Date.now() < until) {
      const [row] = await this.o.db
        .select({ status: streams.status })
        .from(streams)
        .where(eq(streams.id, streamId));
      if (!row || !isLive(row.status)) return true;
      await Bun.sleep(100);
    }
    // The owner did not answer in time: its lease will lapse and no node will claim a stopped row.
    return false;
  }

  /** The stream's media changed: a node that could not read the old may read the new, so each may try. */
  async changedElsewhere(streamId: number): Promise<void> {
    await clearUnreadable(this.o.db, streamId);
    if (await this.ownerElsewhere(streamId)) await this.tell({ changed: streamId });
    else await this.tell({ claim: true });
  }

  async heldElsewhere(): Promise<Set<number>> {
    const rows = await this.o.db
      .select({ streamId: streamLeases.streamId })
      .from(streamLeases)
      .where(and(ne(streamLeases.node, this.o.node), gte(streamLeases.expiresAt, this.o.now())));
    return new Set(rows.map((r) => r.streamId));
  }
}
