import { bigint, doublePrecision, integer, pgTable, text } from "drizzle-orm/pg-core";

/**
 * The console processes sharing this database, one row each, written by the node's own heartbeat:
 * a row whose heartbeat is old is a node that is down.
 */
export const nodes = pgTable("nodes", {
  name: text("name").primaryKey(),
  /** The node's capacity; null: unlimited. */
  maxStreams: integer("max_streams"),
  startedAt: bigint("started_at", { mode: "number" }).notNull(),
  lastHeartbeatAt: bigint("last_heartbeat_at", { mode: "number" }).notNull(),
  /** Live streams on the node at its last heartbeat. */
  streams: integer("streams").notNull().default(0),
  /** The node process and its children, percent of one core, at its last heartbeat. */
  cpuPercent: doublePrecision("cpu_percent").notNull().default(0),
  rssBytes: bigint("rss_bytes", { mode: "number" }).notNull().default(0),
});
