import type { Db } from "@server/platform/db/client";
import type { Env } from "@server/platform/env";
import { NODE_HEARTBEAT_MS } from "@shared/schemas/nodes";
import { liveStreamsOn, upsertBeat } from "./node-store";

/**
 * The streams this node takes on: NODE_MAX_STREAMS, else the console-wide MAX_CONCURRENT_STREAMS
 * (with one node the two are the same limit); null when neither is set.
 */
export const nodeCapacity = (env: Pick<Env, "NODE_MAX_STREAMS" | "MAX_CONCURRENT_STREAMS">): number | null =>
  env.NODE_MAX_STREAMS ?? env.MAX_CONCURRENT_STREAMS ?? null;

export interface HeartbeatOptions {
  db: Db;
  now: () => number;
  name: string;
  maxStreams: number | null;
  /** The node's CPU (percent of one core, with its children) and resident memory, read at each beat. */
  figures: () => { cpuPercent: number; rssBytes: number };
  log?: (line: string) => void;
  /**
   * The streams this node runs, where nodes share the database: the leases it holds. Absent (one
   * node on SQLite), the live streams recorded on this node or on none.
   */
  streams?: () => number;
}

/**
 * Writes this node's row every 5 s: its live streams, CPU and memory. Other nodes (and the
 * dashboard) read a row whose heartbeat is older than three beats as a node that is down.
 */
export class NodeHeartbeat {
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly startedAt: number;
  private beating: Promise<void> = Promise.resolve();

  constructor(private readonly o: HeartbeatOptions) {
    this.startedAt = o.now();
  }

  /**
   * One heartbeat, now; never rejects. A failed write is logged and the next beat tries again. Beats
   * take turns, so a slow one is never overwritten by the one after it.
   */
  beat(): Promise<void> {
    this.beating = this.beating.then(() => this.write());
    return this.beating;
  }

  private async write(): Promise<void> {
    try {
      const streams = this.o.streams ? this.o.streams() : await liveStreamsOn(this.o.db, this.o.name);
      await upsertBeat(this.o.db, {
        name: this.o.name,
        maxStreams: this.o.maxStreams,
        startedAt: this.startedAt,
        at: this.o.now(),
        streams,
        ...this.o.figures(),
      });
    } catch (err) {
      this.o.log?.(`Node heartbeat not written: ${(err as Error).message}`);
    }
  }

  start(): void {
    if (this.timer) return;
    void this.beat();
    this.timer = setInterval(() => void this.beat(), NODE_HEARTBEAT_MS);
    // The heartbeat never keeps the process alive on its own.
    this.timer.unref?.();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
