import { HEALTH } from "@shared/messages/health";
import { z } from "zod";
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

export interface HealthSample {
  at: string;
  /** Seconds the sample covers: 10, or 300 for folded samples older than a day. */
  span_seconds: number;
  bitrate_kbps: number;
  bitrate_min_kbps: number;
  bitrate_max_kbps: number;
  fps: number;
  fps_min: number;
  fps_max: number;
  speed: number;
  dropped_frames: number;
  dup_frames: number;
}

export interface HealthAnswer {
  stream_id: number;
  samples: HealthSample[];
}

export interface WorstUptime {
  destination_id: number;
  destination_name: string;
  project_name: string;
  uptime_percent: number;
}
