import type { Db } from "@server/platform/db/client";
import type { EventBus } from "@server/platform/events/bus";
import { plannedReconnects, streamFailures, streamRestarts } from "@server/platform/metrics/registry";
import { StreamAlerts } from "./stream-alerts";
import * as uptime from "./uptime-store";

/**
 * Everything outside the supervisor that hears of a stream's runs: the uptime record, the alerts on
 * the event bus and the Prometheus counters. The supervisor decides; these only record and tell.
 */
export class RunObservers {
  private readonly alerts: StreamAlerts;

  constructor(private readonly o: { db: Db; now: () => number; events?: EventBus }) {
    this.alerts = new StreamAlerts(o);
  }

  /** The run's first frame went out. */
  running(streamId: number, at: number): void {
    uptime.startRun(this.o.db, streamId, at);
    this.alerts.running(streamId);
  }

  /**
   * The ffmpeg run ended; `failed` unless a stop was asked for. A frozen run stopped being live at its
   * last frame (`lastFrameAt`), not when the stall watch noticed: the time between was an outage.
   */
  runEnded(streamId: number, failed: boolean, lastFrameAt?: number): void {
    uptime.endRun(this.o.db, streamId, lastFrameAt ?? this.o.now(), { failed });
  }

  /** A failure was recorded on the row (after runEnded, or with no run at all). */
  failed(streamId: number, message: string, stalled: boolean): void {
    streamFailures.inc();
    this.alerts.failed(streamId, message, stalled);
  }

  /** A failure no restart can mend (destination or media gone). */
  gaveUp(streamId: number): void {
    uptime.endRun(this.o.db, streamId, this.o.now(), { failed: true });
    streamFailures.inc();
  }

  /** The supervisor let go of the stream: stopped, given up, or its row removed. */
  streamEnded(streamId: number): void {
    this.alerts.ended(streamId);
  }

  /** A run ended on purpose and the next starts now: counted for Prometheus, told to nobody. */
  plannedReconnect(): void {
    plannedReconnects.inc();
  }

  restarting(): void {
    streamRestarts.inc();
  }
}
