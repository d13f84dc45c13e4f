import { HEALTH } from "@shared/messages/health";
import { z } from "zod";
import { isoTime } from "./answers-common";
import { countUpTo, idSchema } from "./ids";

// Inputs and answers of the health timeline and uptime calls.

export const MAX_UPTIME_DAYS = 30;
export const MAX_HEALTH_HOURS = 30 * 24;
export const DEFAULT_HEALTH_HOURS = 24;

const days = countUpTo(MAX_UPTIME_DAYS, HEALTH.invalidDays);
const hours = countUpTo(MAX_HEALTH_HOURS, HEALTH.invalidHours);

// One schema per call serves tRPC and REST (the path fills the id, the query the count). Strict, with
// one message: an unknown or repeated query field is refused with the same sentence as a bad count.

/** health.uptime; GET /destinations/{id}/uptime?days= (7 when absent) */
export const uptimeInput = z.strictObject(
  { destinationId: idSchema, days: days.default(7) },
  HEALTH.invalidDays,
);

/** health.streamHealth; GET /streams/{id}/health?hours= (24 when absent) */
export const healthInput = z.strictObject(
  { streamId: idSchema, hours: hours.default(DEFAULT_HEALTH_HOURS) },
  HEALTH.invalidHours,
);

export interface UptimeAnswer {
  /** null when nothing was wanted live in the period. */
  uptime_percent: number | null;
  live_seconds: number;
  intended_seconds: number;
  failures: number;
  longest_outage_seconds: number;
  /** Of live_seconds: Steam showed the stream on the game's store page (Steam destinations). */
  store_page_seconds: number;
  /** Of live_seconds: publishing, but not seen on the store page. */
  pushed_seconds: number;
  /** store_page_seconds of intended_seconds; null when nothing was intended. */
  store_page_percent: number | null;
}

/** One health sample: ffmpeg's figures over 10 s, or a 5-minute fold of them. */
const healthSample = z.object({
  at: isoTime,
  span_seconds: z
    .number()
    .int()
    .describe("Seconds the sample covers: 10, or 300 for folded samples older than a day."),
  bitrate_kbps: z.number(),
  bitrate_min_kbps: z.number(),
  bitrate_max_kbps: z.number(),
  fps: z.number(),
  fps_min: z.number(),
  fps_max: z.number(),
  speed: z.number(),
  dropped_frames: z.number().int(),
  dup_frames: z.number().int(),
});
export type HealthSample = z.infer<typeof healthSample>;

/** GET /streams/{id}/health: the samples, and the reconnects made on purpose (not failures). */
export const healthAnswer = z.object({
  stream_id: z.number().int(),
  samples: z.array(healthSample),
  planned_reconnects: z
    .array(z.object({ at: isoTime }))
    .describe(
      "When a run of the stream ended on purpose and the next began (before FLV's timestamp limit, or the destination's interval), oldest first.",
    ),
});
export type HealthAnswer = z.infer<typeof healthAnswer>;

export interface WorstUptime {
  destination_id: number;
  destination_name: string;
  project_name: string;
  uptime_percent: number;
}
