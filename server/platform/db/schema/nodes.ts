import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The console processes sharing this database, one row each, written by the node's own heartbeat:
 * a row whose heartbeat is old is a node that is down. Today there is one node.
 */
export const nodes = sqliteTable("nodes", {
  name: text("name").primaryKey(),
  /** The node's capacity; null: unlimited. */
  maxStreams: integer("max_streams"),
  startedAt: integer("started_at").notNull(),
  lastHeartbeatAt: integer("last_heartbeat_at").notNull(),
  /** Live streams on the node at its last heartbeat. */
  streams: integer("streams").notNull().default(0),
  /** The node process and its children, percent of one core, at its last heartbeat. */
  cpuPercent: real("cpu_percent").notNull().default(0),
  rssBytes: integer("rss_bytes").notNull().default(0),
});
