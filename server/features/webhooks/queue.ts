import type { Db } from "@server/platform/db/client";
import { projects, webhookDeliveries, webhooks } from "@server/platform/db/schema";
import type { ConsoleEvent } from "@server/platform/events/bus";
import { and, asc, eq, lt, lte, ne, notInArray } from "drizzle-orm";
import { type PayloadEvent, renderPayload } from "./payloads";

// The delivery rows are the queue: written when an event happens, updated after each attempt.

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const projectName = async (db: Db, id: number) =>
  (await db.select({ name: projects.name }).from(projects).where(eq(projects.id, id)))[0]?.name ?? "";

/** One pending delivery for `webhook`, due now. */
export async function enqueue(
  db: Db,
  webhook: WebhookRow,
  event: Omit<PayloadEvent, "projectName">,
  name?: string,
): Promise<DeliveryRow> {
  const projectNameNow = name ?? (await projectName(db, webhook.projectId));
  const payload = renderPayload(webhook.format, { ...event, projectName: projectNameNow });
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      webhookId: webhook.id,
      event: event.type,
      payload,
      status: "pending",
      nextAttemptAt: event.at,
      createdAt: event.at,
    })
    .returning();
  return row!;
}

/** A delivery for each of the project's webhooks that asked for this event. */
export async function enqueueEvent(db: Db, event: ConsoleEvent): Promise<DeliveryRow[]> {
  const all = await db.select().from(webhooks).where(eq(webhooks.projectId, event.projectId));
  const hooks = all.filter((w) => w.events.includes(event.type));
  if (hooks.length === 0) return [];
  const name = await projectName(db, event.projectId);
  const rows: DeliveryRow[] = [];
  for (const w of hooks) rows.push(await enqueue(db, w, event, name));
  return rows;
}

/** Pending deliveries due by `now`, oldest first, with their webhook (skipping those in flight). */
export async function dueDeliveries(db: Db, now: number, busy: number[], limit = 20) {
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
    .limit(limit);
}

export async function deliveryWithWebhook(db: Db, id: number) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, webhook: webhooks })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(eq(webhookDeliveries.id, id));
  return row;
}

/**
 * Takes a pending delivery for one attempt: pushes its next attempt `holdMs` ahead, only while the row
 * is still as it was read. Of the nodes (or passes) that read it alike, one changes it and sends; the
 * others find it changed and leave it. A node that dies mid-attempt leaves the row due again later.
 */
export async function claimDelivery(
  db: Db,
  delivery: Pick<DeliveryRow, "id" | "attempts" | "nextAttemptAt">,
  now: number,
  holdMs: number,
): Promise<boolean> {
  const claimed = await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: now + holdMs })
    .where(
      and(
        eq(webhookDeliveries.id, delivery.id),
        eq(webhookDeliveries.status, "pending"),
        eq(webhookDeliveries.attempts, delivery.attempts),
        eq(webhookDeliveries.nextAttemptAt, delivery.nextAttemptAt),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return claimed.length > 0;
}

export async function recordAttempt(
  db: Db,
  id: number,
  values: Partial<typeof webhookDeliveries.$inferInsert>,
): Promise<void> {
  await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
}

/** How long a finished delivery stays in the log. */
export const DELIVERY_LOG_KEEP_MS = 30 * 24 * 3_600_000;

/** Removes finished deliveries older than the log keeps; pending ones always stay. */
export async function pruneDeliveries(db: Db, now: number): Promise<number> {
  const removed = await db
    .delete(webhookDeliveries)
    .where(
      and(
        ne(webhookDeliveries.status, "pending"),
        lt(webhookDeliveries.createdAt, now - DELIVERY_LOG_KEEP_MS),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return removed.length;
}
