import { WEBHOOKS } from "@shared/messages/webhooks";
import { z } from "zod";
import { isoTime } from "./answers-common";
import { idSchema } from "./ids";
import { safeName } from "./names";

// What happens to a broadcast or a game that the console tells (the event bus emits exactly these).
// `node.down` is about the console itself, not one project: every webhook that lists it gets it.
export const WEBHOOK_EVENTS = [
  "stream.failed",
  "stream.restarting_repeatedly",
  "stream.stalled",
  "stream.recovered",
  "schedule.started",
  "schedule.ended",
  "preparation.failed",
  "store_page.live",
  "store_page.not_shown",
  "store_page.wrong_app",
  "analytics.wishlist_deletes_spike",
  "analytics.refund_spike",
  "analytics.player_peak",
  "analytics.review_score_changed",
  "stream.moved",
  "node.down",
  "analytics.anomaly",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_FORMATS = ["generic", "discord", "slack"] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOKS_PER_PROJECT = 20;
export const WEBHOOK_NAME_MAX = 100;

/** An http(s) address with a host and no user name or password in it. */
const urlSchema = z
  .string(WEBHOOKS.urlRequired)
  .trim()
  .min(1, WEBHOOKS.urlRequired)
  .max(WEBHOOK_URL_MAX, WEBHOOKS.urlTooLong)
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return ctx.addIssue({ code: "custom", message: WEBHOOKS.urlInvalid });
    }
    if (!["http:", "https:"].includes(url.protocol) || !url.hostname || /\s/.test(value))
      return ctx.addIssue({ code: "custom", message: WEBHOOKS.urlInvalid });
    if (url.username || url.password) ctx.addIssue({ code: "custom", message: WEBHOOKS.urlCredentials });
  });

/** Optional: an empty name is stored as none, and the list falls back to the masked address. */
const nameSchema = safeName(
  z.string(WEBHOOKS.nameInvalid).trim().max(WEBHOOK_NAME_MAX, WEBHOOKS.nameTooLong),
);

const webhookFields = {
  name: nameSchema,
  url: urlSchema,
  format: z.enum(WEBHOOK_FORMATS, WEBHOOKS.formatInvalid),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, WEBHOOKS.eventInvalid), WEBHOOKS.eventsRequired)
    .min(1, WEBHOOKS.eventsRequired)
    .max(WEBHOOK_EVENTS.length * 2, WEBHOOKS.eventInvalid)
    .transform((events) => [...new Set(events)]),
};

export const createWebhookBody = z.object({ ...webhookFields, name: webhookFields.name.optional() }).strict();
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

export const createWebhookInput = createWebhookBody.extend({ project_id: idSchema });

/** A change of name, address, format or events; the signing secret stays. At least one field. */
const updateWebhookFields = z
  .object({
    name: webhookFields.name.optional(),
    url: webhookFields.url.optional(),
    format: webhookFields.format.optional(),
    events: webhookFields.events.optional(),
  })
  .strict();
const changesSomething = (v: z.infer<typeof updateWebhookFields>) =>
  [v.name, v.url, v.format, v.events].some((field) => field !== undefined);
export const updateWebhookBody = updateWebhookFields.refine(changesSomething, WEBHOOKS.nothingToChange);
export type UpdateWebhookBody = z.infer<typeof updateWebhookBody>;
export const updateWebhookInput = updateWebhookFields
  .extend({ id: idSchema })
  .refine(changesSomething, WEBHOOKS.nothingToChange);
export const webhookIdInput = z.object({ id: idSchema }).strict();
export const projectWebhooksInput = z.object({ project_id: idSchema }).strict();

export const webhookView = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  /** Null when none was given: lists then show the masked address alone. */
  name: z.string().nullable().describe("What people call it; null when none was given."),
  /** Origin only: the path of a Discord or Slack address is its token. */
  url_masked: z.string().describe("Origin only: the path of a Discord or Slack address is its token."),
  format: z.enum(WEBHOOK_FORMATS),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  created_at: isoTime,
});
export type WebhookView = z.infer<typeof webhookView>;

/** Answered once, at creation: the signing secret is never shown again. */
export const createdWebhook = webhookView.extend({
  secret: z.string().describe("The signing secret, shown only in this answer."),
});
export type CreatedWebhook = z.infer<typeof createdWebhook>;

export const DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const deliveryView = z.object({
  id: z.number().int(),
  event: z.enum([...WEBHOOK_EVENTS, "webhook.test"]),
  status: z.enum(DELIVERY_STATUSES),
  http_status: z.number().int().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: isoTime,
  delivered_at: isoTime.nullable(),
});
export type DeliveryView = z.infer<typeof deliveryView>;
