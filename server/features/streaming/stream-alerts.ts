import type { Db } from "@server/platform/db/client";
import { streams } from "@server/platform/db/schema";
import {
  type ConsoleEvent,
  type ConsoleEventType,
  type EventBus,
  REPEATED_FAILURES,
  REPEATED_WINDOW_MS,
} from "@server/platform/events/bus";
import { maskAddresses } from "@server/platform/process/mask-addresses";
import { eq } from "drizzle-orm";

/**
 * An incident: from a stream's first failure to its next first frame (or the end of the stream). It is
 * told once as it opens; the retries inside it are counted, and the recovery carries the count.
 */
interface Incident {
  /** Every failure of the incident. */
  count: number;
  /** Failure times within REPEATED_WINDOW_MS, for "restarting repeatedly". */
  recent: number[];
  /** "Restarting repeatedly" was told (at most once per incident). */
  warned: boolean;
  /** "Stream stalled" was told (at most once per incident). */
  stallTold: boolean;
}

/**
 * Turns a stream's failures and recoveries into console events. Ids and names come from the stream
 * row (which holds no URL and no key); messages reach here already masked.
 */
export class StreamAlerts {
  private readonly incidents = new Map<number, Incident>();

  constructor(private readonly o: { db: Db; now: () => number; events?: EventBus }) {}

  /**
   * A failure. The first of an incident is told as `stream.failed` (and `stream.stalled` when the
   * stream stalled); later ones only count, so a retry a minute while an ingest is down sends nothing.
   */
  async failed(streamId: number, message: string, stalled: boolean): Promise<void> {
    if (!this.o.events) return;
    const now = this.o.now();
    // Masked already when recorded; again here, so no caller can send an address by mistake.
    message = maskAddresses(message);
    const open = this.incidents.get(streamId);
    const incident = open ?? { count: 0, recent: [], warned: false, stallTold: false };
    this.incidents.set(streamId, incident);
    incident.count += 1;
    incident.recent = [...incident.recent.filter((t) => now - t < REPEATED_WINDOW_MS), now];
    if (!open) await this.emit("stream.failed", streamId, { message });
    if (stalled && !incident.stallTold) {
      incident.stallTold = true;
      await this.emit("stream.stalled", streamId, { message });
    }
    if (!incident.warned && incident.recent.length >= REPEATED_FAILURES) {
      incident.warned = true;
      await this.emit("stream.restarting_repeatedly", streamId, {
        failures: incident.recent.length,
        message,
      });
    }
  }

  /** The stream publishes again: the incident closes with a recovery that says how many failures it held. */
  async running(streamId: number): Promise<void> {
    const incident = this.incidents.get(streamId);
    if (!incident || !this.o.events) return;
    this.incidents.delete(streamId);
    await this.emit("stream.recovered", streamId, { failures: incident.count });
  }

  /** The stream is over (stopped, given up, or its row removed): an open incident ends untold. */
  ended(streamId: number): void {
    this.incidents.delete(streamId);
  }
  private async emit(type: ConsoleEventType, streamId: number, extra: Partial<ConsoleEvent>): Promise<void> {
    const [row] = await this.o.db.select().from(streams).where(eq(streams.id, streamId));
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
