import type { Db } from "@server/platform/db/client";
import { checkUrl, httpPolicy, pinnedRequest, type Resolver } from "@server/platform/net/outbound-target";
import { WEBHOOKS } from "@shared/messages/webhooks";
import { EVENT_HEADER, SIGNATURE_HEADER, sign, TIMESTAMP_HEADER } from "./payloads";
import {
  claimDelivery,
  type DeliveryRow,
  deliveryWithWebhook,
  recordAttempt,
  type WebhookRow,
} from "./queue";

/** Retries stop this long after the event. */
export const RETRY_WINDOW_MS = 10 * 60_000;
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 60_000;

/**
 * How far an attempt pushes its delivery's next attempt while it runs: well past the attempt's own
 * timeout, so no other node takes the row meanwhile, and a node that died mid-attempt is retried.
 */
const CLAIM_HOLD_MS = 30_000;

/** 5 s, 10 s, 20 s, 40 s, then every minute. */
export const retryDelay = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), MAX_RETRY_MS);

export interface SenderOptions {
  db: Db;
  now: () => number;
  log?: (line: string) => void;
  /** Also deliver to loopback and private addresses (ALLOW_PRIVATE_TARGETS); default off. */
  allowPrivateTargets?: boolean;
  /** Host names are resolved with this and checked before every attempt (default: the system's). */
  resolve?: Resolver;
  /** Per attempt (default 5 s). */
  attemptTimeoutMs?: number;
}

/**
 * Makes one attempt of a delivery and records its outcome. One sender is shared by the background
 * worker and the test send, so a delivery is never attempted twice at once. Never logs an address:
 * Discord and Slack addresses carry their token.
 */
export class WebhookSender {
  private readonly busy = new Map<number, Promise<void>>();
  private reading: Promise<unknown> = Promise.resolve();
  private readonly log: (line: string) => void;

  constructor(private readonly o: SenderOptions) {
    this.log = o.log ?? (() => {});
  }

  /** The deliveries being attempted right now. */
  inFlight(): number[] {
    return [...this.busy.keys()];
  }

  /** Waits for the attempts under way. */
  async settle(): Promise<void> {
    await Promise.allSettled(this.busy.values());
  }

  /** One attempt of this delivery now (a test send), unless one is already under way. */
  async deliverNow(id: number): Promise<void> {
    await this.attemptFound(async () => {
      const found = await deliveryWithWebhook(this.o.db, id);
      return found?.delivery.status === "pending" ? [found] : [];
    });
  }

  /**
   * Attempts the deliveries `read` finds (given those in flight), waiting for them. Reads take
   * turns, each starting its attempts before the next read: a row read as pending is never attempted
   * again after another attempt of it has finished and recorded its outcome.
   */
  async attemptFound(
    read: (inFlight: number[]) => Promise<{ delivery: DeliveryRow; webhook: WebhookRow }[]>,
  ) {
    const started = this.reading.then(async () => {
      const found = await read(this.inFlight());
      return found.map(({ delivery, webhook }) => this.attempt(delivery, webhook));
    });
    this.reading = started.catch(() => undefined);
    await Promise.all(await started);
  }

  attempt(delivery: DeliveryRow, webhook: WebhookRow): Promise<void> {
    const running = this.busy.get(delivery.id);
    if (running) return running;
    const done = this.send(delivery, webhook).finally(() => this.busy.delete(delivery.id));
    this.busy.set(delivery.id, done);
    return done;
  }

  private async send(delivery: DeliveryRow, webhook: WebhookRow): Promise<void> {
    // Every node sends: the claim keeps two of them (or a test send and a pass) from sending one row twice.
    if (!(await claimDelivery(this.o.db, delivery, this.o.now(), CLAIM_HOLD_MS))) return;
    const attempts = delivery.attempts + 1;
    const outcome = await this.post(delivery, webhook);
    const now = this.o.now();
    if (outcome.ok) {
      await recordAttempt(this.o.db, delivery.id, {
        status: "delivered",
        attempts,
        httpStatus: outcome.status,
        deliveredAt: now,
        lastError: null,
      });
      return;
    }
    const deadline = delivery.createdAt + RETRY_WINDOW_MS;
    // A 4xx other than "slow down" or "timeout" will not change by asking again; nor will a refused
    // address, which must not be knocked on again and again either.
    const permanent =
      outcome.refused ||
      (outcome.status !== null &&
        outcome.status >= 400 &&
        outcome.status < 500 &&
        ![408, 429].includes(outcome.status));
    const giveUp = permanent || now >= deadline;
    await recordAttempt(this.o.db, delivery.id, {
      status: giveUp ? "failed" : "pending",
      attempts,
      httpStatus: outcome.status,
      lastError: outcome.error,
      nextAttemptAt: Math.min(now + retryDelay(attempts), deadline),
    });
    this.log(
      `[webhooks] delivery ${delivery.id} (webhook ${webhook.id}, ${delivery.event}): ${outcome.error}, attempt ${attempts}${giveUp ? ", given up" : ""}`,
    );
  }

  private async post(
    delivery: DeliveryRow,
    webhook: WebhookRow,
  ): Promise<{ ok: boolean; status: number | null; error: string | null; refused?: boolean }> {
    // Checked again at every attempt, after resolving the name, and the request is pinned to the
    // address checked: a name that points elsewhere since the webhook was added is never connected to.
    const url = new URL(webhook.url);
    const target = await checkUrl(url, httpPolicy(this.o.allowPrivateTargets ?? false), this.o.resolve);
    if (!target.ok) {
      return target.reason === "refused"
        ? { ok: false, status: null, error: WEBHOOKS.notSentRefused, refused: true }
        : { ok: false, status: null, error: WEBHOOKS.unreachable };
    }
    const pinned = pinnedRequest(url, target.addresses[0]!);
    const timestamp = `${Math.floor(this.o.now() / 1000)}`;
    const headers: Record<string, string> = {
      Host: pinned.host,
      "Content-Type": "application/json",
      "User-Agent": "StreamConsole-Webhooks",
    };
    if (webhook.format === "generic") {
      headers[TIMESTAMP_HEADER] = timestamp;
      headers[EVENT_HEADER] = delivery.event;
      headers[SIGNATURE_HEADER] = sign(webhook.secret, timestamp, delivery.payload);
    }
    try {
      const res = await fetch(pinned.url, {
        method: "POST",
        headers,
        body: delivery.payload,
        // A redirect is an answer (3xx, retried like a 5xx), never followed: its target is unchecked.
        redirect: "manual",
        // A pooled connection was opened for another name's certificate check: never reused.
        keepalive: false,
        ...(pinned.serverName ? { tls: { serverName: pinned.serverName } } : {}),
        signal: AbortSignal.timeout(this.o.attemptTimeoutMs ?? 5000),
      });
      await res.body?.cancel().catch(() => {});
      return { ok: res.ok, status: res.status, error: res.ok ? null : WEBHOOKS.httpStatus(res.status) };
    } catch (err) {
      // The error text of a failed fetch may quote the address: only its kind is kept.
      const timedOut = (err as Error).name === "TimeoutError" || (err as Error).name === "AbortError";
      return { ok: false, status: null, error: timedOut ? WEBHOOKS.timedOut : WEBHOOKS.unreachable };
    }
  }
}
