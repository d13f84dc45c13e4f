import { DIGEST } from "@shared/messages/analytics-digest";
import { z } from "zod";
import { idSchema } from "./ids";

const projectId = idSchema;

/** An IANA zone name the runtime knows. */
export const timeZoneSchema = z
  .string(DIGEST.timeZoneInvalid)
  .trim()
  .max(64, DIGEST.timeZoneInvalid)
  .refine((name) => {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: name });
      return name.length > 0;
    } catch {
      return false;
    }
  }, DIGEST.timeZoneInvalid);

export const digestSettingsInput = z.object({ projectId });
export const updateDigestSettingsInput = z.object({
  projectId,
  enabled: z.boolean(),
  /** Null: the time zone of the project's weekly schedule, else UTC. */
  timeZone: timeZoneSchema.nullable(),
});
export const sendDigestInput = z.object({ projectId });

export const digestSettingsView = z.object({
  enabled: z.boolean(),
  timeZone: z.string().nullable(),
  /** The zone the digest goes out in: the setting, else the weekly schedule's, else UTC. */
  effectiveTimeZone: z.string(),
  lastSentWeek: z.string().nullable(),
});
export type DigestSettingsView = z.infer<typeof digestSettingsView>;

export const sendDigestAnswer = z.object({ deliveries: z.number().int(), message: z.string() });
