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

  constructor(private readonly o: DeliveryOptions) {
    this.log = o.log ?? (() => {});
    this.sender = o.sender ?? new WebhookSender(o);
  }

  start(): void {
    if (this.timer) return;
    this.unsubscribe = this.o.events.on((event) => {
      if (enqueueEvent(this.o.db, event).length) void this.tick();
    });
    this.timer = (this.o.setInterval ?? setInterval)(() => void this.tick(), this.o.pollMs ?? 1000);
    this.timer.unref?.();
    void this.tick();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.timer) (this.o.clearInterval ?? clearInterval)(this.timer);
    this.timer = null;
    await this.sender.settle();
  }

  /** Attempts every delivery that is due now; hourly, trims the delivery log. */
  async tick(): Promise<void> {
    const now = this.o.now();
    if (now - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = now;
      const removed = pruneDeliveries(this.o.db, now);
      if (removed) this.log(`[webhooks] removed ${removed} delivery log row(s) older than 30 days`);
    }
    const due = dueDeliveries(this.o.db, this.o.now(), this.sender.inFlight());
    await Promise.all(due.map(({ delivery, webhook }) => this.sender.attempt(delivery, webhook)));
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
