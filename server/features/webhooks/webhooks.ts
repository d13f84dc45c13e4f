import { randomBytes } from "node:crypto";
import type { AppDeps } from "@server/deps";
import { requirePermission, requireProject } from "@server/features/projects";
import { forUpdate } from "@server/platform/db/portable";
import { projects, webhookDeliveries, webhooks } from "@server/platform/db/schema";
import { badRequest, notFound } from "@server/platform/errors";
import { iso } from "@server/platform/iso";
import { checkUrl, httpPolicy } from "@server/platform/net/outbound-target";
import { WEBHOOKS } from "@shared/messages/webhooks";
import {
  type CreatedWebhook,
  type CreateWebhookBody,
  type DeliveryView,
  type UpdateWebhookBody,
  WEBHOOKS_PER_PROJECT,
  type WebhookEvent,
  type WebhookView,
} from "@shared/schemas/webhooks";
import type { SessionUser } from "@shared/types";
import { count, desc, eq } from "drizzle-orm";
import { enqueue, type WebhookRow } from "./queue";

// Webhooks of a project. Tenancy first (404), then the role (403), then the work.

/** The origin only: the path and query of a Discord or Slack address are its token. */
export function maskUrl(url: string): string {
  const u = new URL(url);
  return u.pathname === "/" && !u.search ? u.origin : `${u.origin}/****`;
}

const view = (w: WebhookRow): WebhookView => ({
  id: w.id,
  project_id: w.projectId,
  name: w.name,
  url_masked: maskUrl(w.url),
  format: w.format,
  events: w.events as WebhookEvent[],
  created_at: iso(w.createdAt),
});

async function manage(deps: AppDeps, user: SessionUser, projectId: number) {
  await requireProject(deps, user, projectId);
  requirePermission(user, "webhook.manage", WEBHOOKS.forbidden);
}

/** The webhook if the user may manage it; 404 when missing or in another organization. */
async function findWebhook(deps: AppDeps, user: SessionUser, id: number): Promise<WebhookRow> {
  const [row] = await deps.db.select().from(webhooks).where(eq(webhooks.id, id));
  if (!row) throw notFound(WEBHOOKS.notFound);
  await requireProject(deps, user, row.projectId, WEBHOOKS.notFound);
  requirePermission(user, "webhook.manage", WEBHOOKS.forbidden);
  return row;
}

export async function listWebhooks(
  deps: AppDeps,
  user: SessionUser,
  projectId: number,
): Promise<WebhookView[]> {
  await manage(deps, user, projectId);
  const rows = await deps.db.select().from(webhooks).where(eq(webhooks.projectId, projectId));
  return rows.map(view);
}

/**
 * Refuses an address that is, or resolves to, one inside the network (loopback and private only
 * with ALLOW_PRIVATE_TARGETS). A name that does not resolve now is let through: the same check runs
 * before every delivery, which is what counts.
 */
async function requirePublicTarget(deps: AppDeps, url: string): Promise<void> {
  const verdict = await checkUrl(url, httpPolicy(deps.env.ALLOW_PRIVATE_TARGETS), deps.resolve);
  if (!verdict.ok && verdict.reason === "refused") throw badRequest(WEBHOOKS.targetRefused);
}

export async function createWebhook(
  deps: AppDeps,
  user: SessionUser,
  projectId: number,
  input: CreateWebhookBody,
): Promise<CreatedWebhook> {
  await manage(deps, user, projectId);
  await requirePublicTarget(deps, input.url);
  // Counted and added in one transaction, the project's row locked on PostgreSQL: the limit holds.
  const row = await deps.db.transaction(async (tx) => {
    await forUpdate(tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)));
    const [existing] = await tx
      .select({ n: count() })
      .from(webhooks)
      .where(eq(webhooks.projectId, projectId));
    if ((existing?.n ?? 0) >= WEBHOOKS_PER_PROJECT) throw badRequest(WEBHOOKS.tooMany(WEBHOOKS_PER_PROJECT));
    const [created] = await tx
      .insert(webhooks)
      .values({
        projectId,
        name: input.name || null,
        url: input.url,
        format: input.format,
        events: input.events,
        secret: `whsec_${randomBytes(24).toString("hex")}`,
        createdBy: user.id,
        createdAt: deps.now(),
      })
      .returning();
    return created!;
  });
  return { ...view(row), secret: row.secret };
}

/**
 * Changes what the webhook is called, where it goes and what it sends. The secret is kept, so a
 * receiver that checks signatures goes on accepting it; deliveries already queued keep their body.
 */
export async function updateWebhook(
  deps: AppDeps,
  user: SessionUser,
  id: number,
  input: UpdateWebhookBody,
): Promise<WebhookView> {
  await findWebhook(deps, user, id);
  if (input.url !== undefined) {
    await requirePublicTarget(deps, input.url);
    // Read again after the lookup: the webhook may have been deleted meanwhile.
    await findWebhook(deps, user, id);
  }
  const changes: Partial<typeof webhooks.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name || null;
  if (input.url !== undefined) changes.url = input.url;
  if (input.format !== undefined) changes.format = input.format;
  if (input.events !== undefined) changes.events = input.events;
  const [row] = await deps.db.update(webhooks).set(changes).where(eq(webhooks.id, id)).returning();
  // Deleted between the check and the write: answered as the missing webhook it now is.
  if (!row) throw notFound(WEBHOOKS.notFound);
  return view(row);
}

export async function deleteWebhook(deps: AppDeps, user: SessionUser, id: number): Promise<{ id: number }> {
  await findWebhook(deps, user, id);
  await deps.db.delete(webhooks).where(eq(webhooks.id, id));
  return { id };
}

const deliveryView = (d: typeof webhookDeliveries.$inferSelect): DeliveryView => ({
  id: d.id,
  event: d.event as DeliveryView["event"],
  status: d.status,
  http_status: d.httpStatus,
  attempts: d.attempts,
  last_error: d.lastError,
  created_at: iso(d.createdAt),
  delivered_at: iso(d.deliveredAt),
});

/** The latest deliveries, newest first. */
export async function listDeliveries(
  deps: AppDeps,
  user: SessionUser,
  id: number,
  limit = 20,
): Promise<DeliveryView[]> {
  await findWebhook(deps, user, id);
  const rows = await deps.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
  return rows.map(deliveryView);
}

/** A test event through the same queue and sender as real ones; answers after the first attempt. */
export async function sendTest(deps: AppDeps, user: SessionUser, id: number): Promise<DeliveryView> {
  const webhook = await findWebhook(deps, user, id);
  // Refused before anything is queued: a test send is never a probe of an inside address.
  await requirePublicTarget(deps, webhook.url);
  const row = await enqueue(deps.db, webhook, {
    type: "webhook.test",
    projectId: webhook.projectId,
    at: deps.now(),
    message: WEBHOOKS.testMessage,
  });
  await deps.webhookSender.deliverNow(row.id);
  const [done] = await deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, row.id));
  return deliveryView(done ?? row);
}
