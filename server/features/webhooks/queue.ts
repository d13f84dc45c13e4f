import type { Db } from "@server/platform/db/client";
import { projects, webhookDeliveries, webhooks } from "@server/platform/db/schema";
import type { ConsoleEvent } from "@server/platform/events/bus";
import { and, asc, eq, lt, lte, ne, notInArray } from "drizzle-orm";
import { type PayloadEvent, renderPayload } from "./payloads";

// The delivery rows are the queue: written when an event happens, updated after each attempt.

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const projectName = (db: Db, id: number) =>
  db.select({ name: projects.name }).from(projects).where(eq(projects.id, id)).get()?.name ?? "";

/** One pending delivery for `webhook`, due now. */
export function enqueue(
  db: Db,
  webhook: WebhookRow,
  event: Omit<PayloadEvent, "projectName">,
  name: string = projectName(db, webhook.projectId),
): DeliveryRow {
  const payload = renderPayload(webhook.format, { ...event, projectName: name });
  return db
    .insert(webhookDeliveries)
    .values({
      webhookId: webhook.id,
      event: event.type,
      payload,
      status: "pending",
      nextAttemptAt: event.at,
      createdAt: event.at,
    })
    .returning()
    .get();
}

/** A delivery for each of the project's webhooks that asked for this event. */
export function enqueueEvent(db: Db, event: ConsoleEvent): DeliveryRow[] {
  const hooks = db
    .select()
    .from(webhooks)
    .where(eq(webhooks.projectId, event.projectId))
    .all()
    .filter((w) => w.events.includes(event.type));
  if (hooks.length === 0) return [];
  const name = projectName(db, event.projectId);
  return hooks.map((w) => enqueue(db, w, event, name));
}

/** Pending deliveries due by `now`, oldest first, with their webhook (skipping those in flight). */
export function dueDeliveries(db: Db, now: number, busy: number[], limit = 20) {
  return db
    .select({ delivery: webhookDeliveries, webhook: webhooks })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(
      and(
        eq(webhookDeliveries.status, "pending"),
        lte(webhookDeliveries.nextAttemptAt, now),
        busy.length ? notInArray(webhookDeliveries.id, busy) : undefined,
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(limit)
    .all();
}

export function deliveryWithWebhook(db: Db, id: number) {
  return db
    .select({ delivery: webhookDeliveries, webhook: webhooks })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, id))
    .get();
}

export function recordAttempt(db: Db, id: number, values: Partial<typeof webhookDeliveries.$inferInsert>) {
  db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id)).run();
}

/** How long a finished delivery stays in the log. */
export const DELIVERY_LOG_KEEP_MS = 30 * 24 * 3_600_000;

/** Removes finished deliveries older than the log keeps; pending ones always stay. */
export function pruneDeliveries(db: Db, now: number): number {
  return db
    .delete(webhookDeliveries)
    .where(
      and(
        ne(webhookDeliveries.status, "pending"),
        lt(webhookDeliveries.createdAt, now - DELIVERY_LOG_KEEP_MS),
      ),
    )
    .returning({ id: webhookDeliveries.id })
    .all().length;
}
