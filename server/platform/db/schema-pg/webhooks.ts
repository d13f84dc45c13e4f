import { DELIVERY_STATUSES, WEBHOOK_FORMATS } from "@shared/schemas/webhooks";
import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { projects, users } from "./core";
import { jsonb } from "./json";

const now = sql`(extract(epoch from now()) * 1000)::bigint`;

// Webhooks of a project and the log of their deliveries. A delivery row is also the queue: pending
// rows are what the delivery worker sends, so a restart resumes them.
export const webhooks = pgTable(
  "webhooks",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** A secret too: Discord and Slack addresses carry their token. Never logged, masked in lists. */
    url: text("url").notNull(),
    /** What people call it ("Discord #ops"): the address is masked in lists, so two read alike. */
    name: text("name"),
    format: text("format", { enum: WEBHOOK_FORMATS }).notNull(),
    /** JSON list of event types. */
    events: jsonb("events").$type<string[]>().notNull(),
    /** Kept in clear because each payload is signed with it; shown once at creation. */
    secret: text("secret").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: bigint("created_at", { mode: "number" }).notNull().default(now),
  },
  (t) => [index("webhooks_project_idx").on(t.projectId)],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    webhookId: integer("webhook_id")
      .notNull()
      .references(() => webhooks.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    /** The body as sent (already in the webhook's format); holds no URL, key or secret. */
    payload: text("payload").notNull(),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull().default("pending"),
    httpStatus: integer("http_status"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: bigint("next_attempt_at", { mode: "number" }).notNull(),
    /** Short and plain ("Answered HTTP 500"): never the address. */
    lastError: text("last_error"),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    deliveredAt: bigint("delivered_at", { mode: "number" }),
  },
  (t) => [
    index("webhook_deliveries_webhook_idx").on(t.webhookId),
    index("webhook_deliveries_pending_idx").on(t.status, t.nextAttemptAt),
  ],
);
