import type { AppDeps } from "@server/deps";
import { renderPayload } from "@server/features/webhooks/payloads";
import { webhookDeliveries, webhooks } from "@server/platform/db/schema";
import { and, eq } from "drizzle-orm";

const MINUTE = 60_000;
// An address of Discord's shape; the demo has no internet, so a "Send test" from it is logged as not delivered.
const DEMO_WEBHOOK_URL = "https://discord.com/api/webhooks/1000000000000000000/demo-token";

/** A Discord webhook with a week's worth of deliveries, so the settings card has a log to show. Idempotent. */
export async function ensureDemoWebhook(
  deps: AppDeps,
  projectId: number,
  projectName: string,
  userId: number,
): Promise<boolean> {
  const [existing] = await deps.db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.projectId, projectId), eq(webhooks.url, DEMO_WEBHOOK_URL)))
    .limit(1);
  if (existing) return false;
  const now = deps.now();
  const [hook] = await deps.db
    .insert(webhooks)
    .values({
      projectId,
      url: DEMO_WEBHOOK_URL,
      format: "discord",
      events: [
        "stream.failed",
        "stream.restarting_repeatedly",
        "stream.stalled",
        "stream.recovered",
        "analytics.anomaly",
      ],
      secret: `whsec_demo_${crypto.randomUUID().replaceAll("-", "")}`,
      createdBy: userId,
      createdAt: now - 7 * 24 * 60 * MINUTE,
    })
    .returning();
  const history = [
    { type: "stream.failed", ago: 3 * 24 * 60, attempts: 1, message: "The ingest closed the connection." },
    { type: "stream.recovered", ago: 3 * 24 * 60 - 1, attempts: 2 },
    { type: "stream.stalled", ago: 26 * 60, attempts: 1, message: "No new frames for 30 seconds." },
    { type: "stream.recovered", ago: 26 * 60 - 1, attempts: 1 },
  ] as const;
  for (const h of history) {
    const at = now - h.ago * MINUTE;
    const event = { ...h, projectId, projectName, at, destinationName: "Steam Store Page" };
    await deps.db.insert(webhookDeliveries).values({
      webhookId: hook!.id,
      event: h.type,
      payload: renderPayload("discord", event),
      status: "delivered",
      httpStatus: 204,
      attempts: h.attempts,
      nextAttemptAt: at,
      createdAt: at,
      deliveredAt: at + (h.attempts - 1) * 5000 + 300,
    });
  }
  return true;
}
