import { ROLES } from "@shared/roles";
import { z } from "zod";
import { isoTime } from "./answers-common";
import type { PlaylistView } from "./playlists";
import { type Same, sameShape } from "./same-shape";
import { SCHEDULE_DAYS, type ScheduleView } from "./schedules";
import {
  DELIVERY_STATUSES,
  type DeliveryView,
  WEBHOOK_EVENTS,
  WEBHOOK_FORMATS,
  type WebhookView,
} from "./webhooks";

// Zod schemas of the project, user, playlist, schedule and webhook answers, for the API document.
// The TypeScript types stay the source the services write against; the checks keep them the same.

const nullableInt = z.number().int().nullable();

export const sessionUserAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  org_id: nullableInt,
  org_name: z.string().nullable(),
  canCreateProjects: z.boolean(),
});

export const projectView = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  org_id: z.number().int(),
  org_name: z.string(),
  created_by: nullableInt,
  created_by_name: z.string(),
  created_at: isoTime,
  steam_app_id: nullableInt,
  steam_analytics_enabled: z.boolean(),
  financial_analytics_enabled: z.boolean(),
  steam_last_sync: isoTime.nullable(),
  media_count: z.number().int(),
  destinations_count: z.number().int(),
});

export const playlistView = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  name: z.string(),
  items: z.array(z.object({ media_id: z.number().int(), name: z.string(), duration_seconds: z.number() })),
  total_duration_seconds: z.number(),
  created_at: isoTime,
  updated_at: isoTime,
});
sameShape<Same<z.infer<typeof playlistView>, PlaylistView>>();

export const scheduleView = z.object({
  id: z.number().int(),
  destination_id: z.number().int(),
  kind: z.enum(["once", "weekly"]),
  starts_at: z.number().nullable().describe("ms since the epoch"),
  ends_at: z.number().nullable().describe("ms since the epoch"),
  days: z.array(z.enum(SCHEDULE_DAYS)).nullable(),
  from: z.string().nullable().describe("HH:MM, wall clock of `timezone`"),
  to: z.string().nullable(),
  timezone: z.string().nullable(),
  media_id: nullableInt,
  media_name: z.string().nullable(),
  playlist_id: nullableInt,
  playlist_name: z.string().nullable(),
  next_start: z.number().nullable(),
});
sameShape<Same<z.infer<typeof scheduleView>, ScheduleView>>();

export const webhookView = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  name: z.string().nullable().describe("What people call it; null when none was given."),
  url_masked: z.string().describe("Origin only: the path of a Discord or Slack address is its token."),
  format: z.enum(WEBHOOK_FORMATS),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  created_at: isoTime,
});
sameShape<Same<z.infer<typeof webhookView>, WebhookView>>();

export const createdWebhook = webhookView.extend({
  secret: z.string().describe("The signing secret, shown only in this answer."),
});

export const deliveryView = z.object({
  id: z.number().int(),
  event: z.enum([...WEBHOOK_EVENTS, "webhook.test"]),
  status: z.enum(DELIVERY_STATUSES),
  http_status: nullableInt,
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: isoTime,
  delivered_at: isoTime.nullable(),
});
sameShape<Same<z.infer<typeof deliveryView>, DeliveryView>>();
