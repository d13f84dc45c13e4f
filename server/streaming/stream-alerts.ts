import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { streams } from "../db/schema";
import type { ConsoleEvent, ConsoleEventType, EventBus } from "../events/bus";
import { maskAddresses } from "./secrets";

/** Failures within this window that count as "restarting repeatedly". */
export const REPEATED_FAILURES = 3;
export const REPEATED_WINDOW_MS = 10 * 60_000;

interface History {
  failures: number[];
  /** "Restarting repeatedly" was told and the stream has not recovered since. */
  warned: boolean;
}

/**
 * Turns a stream's failures and recoveries into console events. Ids and names come from the stream
 * row (which holds no URL and no key); messages reach here already masked.
 */
export class StreamAlerts {
  private readonly history = new Map<number, History>();

  constructor(private readonly o: { db: Db; now: () => number; events?: EventBus }) {}

  failed(streamId: number, message: string, stalled: boolean): void {
    if (!this.o.events) return;
    const now = this.o.now();
    this.prune(now);
    // Masked already when recorded; again here, so no caller can send an address by mistake.
    message = maskAddresses(message);
    const h = this.history.get(streamId) ?? { failures: [], warned: false };
    this.history.set(streamId, h);
    h.failures = [...h.failures.filter((t) => now - t < REPEATED_WINDOW_MS), now];
    this.emit("stream.failed", streamId, { message });
    if (stalled) this.emit("stream.stalled", streamId, { message });
    if (!h.warned && h.failures.length >= REPEATED_FAILURES) {
      h.warned = true;
      this.emit("stream.restarting_repeatedly", streamId, { failures: h.failures.length, message });
    }
  }

  /** The stream publishes: a recovery if it had failed since it last ran well. */
  running(streamId: number): void {
    const h = this.history.get(streamId);
    if (!h || h.failures.length === 0 || !this.o.events) return;
    this.history.set(streamId, { failures: [], warned: false });
    this.emit("stream.recovered", streamId, {});
  }

  /** Streams that stopped after failing leave no lasting trace: only recent failures are kept. */
  private prune(now: number): void {
    for (const [id, h] of this.history)
      if (h.failures.every((t) => now - t >= REPEATED_WINDOW_MS)) this.history.delete(id);
  }

  private emit(type: ConsoleEventType, streamId: number, extra: Partial<ConsoleEvent>): void {
    const row = this.o.db.select().from(streams).where(eq(streams.id, streamId)).get();
    if (!row) return;
    this.o.events?.emit({
      type,
      projectId: row.projectId,
      at: this.o.now(),
      streamId,
      destinationId: row.destinationId ?? undefined,
      destinationName: row.destinationName,
      mediaId: row.mediaId ?? undefined,
      mediaName: row.mediaName,
      ...extra,
    });
  }
}
