import { z } from "zod";
import { isoTime } from "./answers-common";

/** Heartbeats a node may miss before it reads as down. */
export const NODE_HEARTBEAT_MS = 5000;
export const NODE_DOWN_AFTER_MS = 3 * NODE_HEARTBEAT_MS;
/** How long a node's word that it cannot read a stream's media keeps it off that stream (then it tries again). */
export const UNREADABLE_RETRY_MS = 10 * 60_000;

/** One console process on the shared database, as its last heartbeat left it. */
export const nodeView = z.object({
  name: z.string(),
  streams: z.number().int().describe("Live streams on the node at its last heartbeat."),
  max_streams: z.number().int().nullable().describe("The node's capacity; null: unlimited."),
  cpu_percent: z.number().describe("The node and its ffmpeg children, percent of one core."),
  rss_bytes: z.number().int(),
  started_at: isoTime,
  last_heartbeat_at: isoTime,
  heartbeat_age_seconds: z
    .number()
    .int()
    .describe("Whole seconds since the last heartbeat, on the server's clock."),
  down: z.boolean().describe("True when the node missed three heartbeats (15 s)."),
});
export type NodeView = z.infer<typeof nodeView>;
