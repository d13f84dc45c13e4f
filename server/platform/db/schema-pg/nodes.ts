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
  /**
   * When the node was last reported down (node.down sent); cleared by its next heartbeat, so each
   * outage is told once whichever node notices it.
   */
  downReportedAt: bigint("down_reported_at", { mode: "number" }),
});

/**
 * Work that must run on one node only (the samplers, the scheduler, the daily passes) is done by the
 * holder of its role's lease, renewed every few seconds; a lease left to expire goes to another node,
 * and each new holder raises the epoch.
 */
export const leaderLeases = pgTable("leader_leases", {
  role: text("role").primaryKey(),
  node: text("node").notNull(),
  epoch: integer("epoch").notNull(),
  /** Epoch ms after which another node may take the role. */
  expiresAt: bigint("expires_at", { mode: "number" }).notNull(),
  acquiredAt: bigint("acquired_at", { mode: "number" }).notNull(),
});
