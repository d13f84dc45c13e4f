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
  /**
   * When the node was last reported down (node.down sent); cleared by its next heartbeat, so each
   * outage is told once whichever node notices it.
   */
  downReportedAt: integer("down_reported_at"),
});

/**
 * Work that must run on one node only (the samplers, the scheduler, the daily passes) is done by the
 * holder of its role's lease, renewed every few seconds; a lease left to expire goes to another node,
 * and each new holder raises the epoch.
 */
export const leaderLeases = sqliteTable("leader_leases", {
  role: text("role").primaryKey(),
  node: text("node").notNull(),
  epoch: integer("epoch").notNull(),
  /** Epoch ms after which another node may take the role. */
  expiresAt: integer("expires_at").notNull(),
  acquiredAt: integer("acquired_at").notNull(),
});
