import { SCHEDULES } from "@shared/messages/schedules";
import { z } from "zod";
import { idSchema } from "./ids";

// Broadcast windows of a destination: the REST body, the tRPC input and the client form share these.

export const SCHEDULE_DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type ScheduleDay = (typeof SCHEDULE_DAYS)[number];

/** An explicit instant: date, time and either Z or an offset, so no server time zone is ever assumed. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const instant = z
  .string(SCHEDULES.dateInvalid)
  .regex(ISO_INSTANT, SCHEDULES.dateInvalid)
  .transform((v) => Date.parse(v))
  .refine((v) => Number.isFinite(v), SCHEDULES.dateInvalid);
const clock = z.string(SCHEDULES.clockInvalid).regex(/^([01]\d|2[0-3]):[0-5]\d$/, SCHEDULES.clockInvalid);

export const scheduleFields = z
  .object({
    starts_at: instant.optional(),
    ends_at: instant.optional(),
    days: z
      .array(z.enum(SCHEDULE_DAYS, SCHEDULES.daysInvalid), SCHEDULES.daysInvalid)
      .min(1, SCHEDULES.daysInvalid)
      .max(7, SCHEDULES.daysInvalid)
      .optional(),
    from: clock.optional(),
    to: clock.optional(),
    timezone: z.string(SCHEDULES.timezoneInvalid).max(64, SCHEDULES.timezoneInvalid).optional(),
    media_id: idSchema.optional(),
    playlist_id: idSchema.optional(),
  })
  .strict();

export type ScheduleFields = z.infer<typeof scheduleFields>;

export const createScheduleInput = scheduleFields.extend({ destination_id: idSchema }).strict();
export type CreateScheduleInput = z.infer<typeof createScheduleInput>;
export const destinationSchedulesInput = z.object({ destinationId: idSchema });
export const scheduleIdInput = z.object({ id: idSchema });

const nullableInt = z.number().int().nullable();

/** A window as answered. Instants are ms; weekly times are the wall clock of `timezone`. */
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
  /** The start of the next occurrence after now (within a week), ms; null when none is coming. */
  next_start: z.number().nullable(),
});
export type ScheduleView = z.infer<typeof scheduleView>;

/** What the scheduler does next on a destination. */
export interface NextScheduleChange {
  action: "start" | "stop";
  at: number;
}
