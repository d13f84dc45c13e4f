import type { Db } from "@server/platform/db/client";
import type { EventBus } from "@server/platform/events/bus";
import { plannedReconnects, streamFailures, streamRestarts } from "@server/platform/metrics/registry";
import { ResumePoints } from "./resume-point";
import { StreamAlerts } from "./stream-alerts";
import * as uptime from "./uptime-store";

/**
 * Something else that follows a stream's runs (the store-page check). It is told, never asked: a
 * listener that throws is logged and changes nothing for the stream.
 */
export interface RunListener {
  running(streamId: number, at: number): void;
  runEnded(streamId: number): void;
  streamEnded(streamId: number): void;
}

/**
 * Everything outside the supervisor that hears of a stream's runs: the uptime record, the alerts on
 * the event bus and the Prometheus counters. The supervisor decides; these only record and tell.
 */
export class RunObservers {
  private readonly alerts: StreamAlerts;
  /** Where each stream is in its loop, so a run that ended unasked resumes there. */
  readonly resume: ResumePoints;

  constructor(
    private readonly o: {
      db: Db;
      now: () => number;
      events?: EventBus;
      env: { DATA_DIR: string };
      runListeners?: readonly RunListener[];
      log?: (line: string) => void;
    },
  ) {
    this.alerts = new StreamAlerts(o);
    this.resume = new ResumePoints(o);
  }

  private tell(what: keyof RunListener, ...args: [number, number?]): void {
    for (const listener of this.o.runListeners ?? []) {
      try {
        if (what === "running") listener.running(args[0], args[1] ?? this.o.now());
        else listener[what](args[0]);
      } catch (err) {
        this.o.log?.(`[stream ${args[0]}] a run listener failed: ${(err as Error).message}`);
      }
    }
  }

  /** The run's first frame went out. */
  async running(streamId: number, at: number): Promise<void> {
    await uptime.startRun(this.o.db, streamId, at);
    await this.alerts.running(streamId);
    this.tell("running", streamId, at);
  }

  /**
   * The ffmpeg run ended; `failed` unless a stop was asked for or it was `planned` (a reconnect on
   * purpose). A frozen run stopped being live at its last frame (`lastFrameAt`), not when the stall
   * watch noticed: the time between was an outage.
   */
  async runEnded(
    streamId: number,
    end: { failed: boolean; planned: boolean; lastFrameAt?: number },
  ): Promise<void> {
    const { failed, planned } = end;
    this.resume.ended(streamId, failed);
    await uptime.endRun(this.o.db, streamId, end.lastFrameAt ?? this.o.now(), { failed, planned });
    this.tell("runEnded", streamId);
  }

  /** A failure was recorded on the row (after runEnded, or with no run at all). */
  async failed(streamId: number, message: string, stalled: boolean): Promise<void> {
    streamFailures.inc();
    await this.alerts.failed(streamId, message, stalled);
  }

  /** A failure no restart can mend (destination or media gone). */
  async gaveUp(streamId: number): Promise<void> {
    await uptime.endRun(this.o.db, streamId, this.o.now(), { failed: true });
    this.tell("runEnded", streamId);
    streamFailures.inc();
  }

  /** The supervisor let go of the stream: stopped, given up, or its row removed. */
  streamEnded(streamId: number): void {
    this.alerts.ended(streamId);
    this.resume.forget(streamId);
    this.tell("streamEnded", streamId);
  }

  /** A run ended on purpose and the next starts now: counted for Prometheus, told to nobody. */
  plannedReconnect(): void {
    plannedReconnects.inc();
  }

  restarting(): void {
    streamRestarts.inc();
  }
}
