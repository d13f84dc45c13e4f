import type { AppDeps } from "@server/deps";
import type { EventBus } from "@server/platform/events/bus";
import { dueDeliveries, enqueueEvent, pruneDeliveries } from "./queue";
import { type SenderOptions, WebhookSender } from "./sender";

export { RETRY_WINDOW_MS, retryDelay } from "./sender";

/** The delivery log is trimmed at most this often. */
const PRUNE_EVERY_MS = 3_600_000;

export interface DeliveryOptions extends SenderOptions {
  events: EventBus;
  /** The sender the services' test sends use too (default: one of its own, from these options). */
  sender?: WebhookSender;
  /** How often pending retries are looked for (default 1 s). */
  pollMs?: number;
  setInterval?: typeof setInterval;
  clearInterval?: typeof clearInterval;
}

/**
 * Sends webhook deliveries in the background. Created idle: start() subscribes to the event bus and
 * polls for due retries (pending rows survive a restart and are picked up by the next start).
 */
export class WebhookDelivery {
  private timer: ReturnType<typeof setInterval> | null = null;
  private unsubscribe: (() => void) | null = null;
  private readonly log: (line: string) => void;
  private readonly sender: WebhookSender;
  private prunedAt = Number.NEGATIVE_INFINITY;
  /** The event rows being written, in the order the events came. */
  private enqueued: Promise<void> = Promise.resolve();
  /** The latest delivery pass, waited for by stop(). */
  private ticking: Promise<void> = Promise.resolve();

  constructor(private readonly o: DeliveryOptions) {
    this.log = o.log ?? (() => {});
    this.sender = o.sender ?? new WebhookSender(o);
  }

  start(): void {
    if (this.timer) return;
    this.unsubscribe = this.o.events.on((event) => {
      // The bus tells synchronously; the rows are written in the order the events came.
      this.enqueued = this.enqueued
        .then(() => enqueueEvent(this.o.db, event))
        .then((rows) => {
          if (rows.length) this.tickInBackground();
        })
        .catch((err) => this.log(`[webhooks] could not queue ${event.type}: ${(err as Error).message}`));
    });
    this.timer = (this.o.setInterval ?? setInterval)(() => this.tickInBackground(), this.o.pollMs ?? 1000);
    this.timer.unref?.();
    this.tickInBackground();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.timer) (this.o.clearInterval ?? clearInterval)(this.timer);
    this.timer = null;
    await this.enqueued;
    await this.ticking;
    await this.sender.settle();
  }

  /** Attempts every delivery that is due now; hourly, trims the delivery log. */
  tick(): Promise<void> {
    const run = this.pass();
    this.ticking = run.catch(() => undefined);
    return run;
  }

  /** A pass nobody waits for: a failed one (the database away) is logged and the next poll tries again. */
  private tickInBackground(): void {
    this.tick().catch((err) => this.log(`[webhooks] delivery pass failed: ${(err as Error).message}`));
  }

  private async pass(): Promise<void> {
    const now = this.o.now();
    if (now - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = now;
      const removed = await pruneDeliveries(this.o.db, now);
      if (removed) this.log(`[webhooks] removed ${removed} delivery log row(s) older than 30 days`);
    }
    await this.sender.attemptFound((busy) => dueDeliveries(this.o.db, this.o.now(), busy));
  }

  /** One attempt of this delivery now, unless one is already under way. */
  deliverNow(id: number): Promise<void> {
    return this.sender.deliverNow(id);
  }
}

/** The worker main.ts runs, sharing the services' sender. */
export function deliveryWorker(deps: AppDeps, log?: (line: string) => void): WebhookDelivery {
  return new WebhookDelivery({
    db: deps.db,
    now: deps.now,
    events: deps.events,
    sender: deps.webhookSender,
    log,
  });
}
