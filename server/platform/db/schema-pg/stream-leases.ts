import type { LiveFigures } from "@shared/schemas/streaming";
import { bigint, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { jsonb } from "./json";
import { streams } from "./streaming";

/**
 * Which node runs each stream that should be on air: a lease the node renews every few seconds. A
 * node whose lease has expired no longer owns the stream, and another node may claim it; each claim
 * by a new owner raises the epoch, and the old owner's writes name the old epoch and are refused.
 */
export const streamLeases = pgTable(
  "stream_leases",
  {
    streamId: integer("stream_id")
      .primaryKey()
      .references(() => streams.id, { onDelete: "cascade" }),
    node: text("node").notNull(),
    epoch: integer("epoch").notNull(),
    /** Epoch ms after which the lease is free to claim. */
    expiresAt: bigint("expires_at", { mode: "number" }).notNull(),
    /**
     * The run's latest progress figures (fps, bitrate, speed…), written with each renewal so every
     * node shows them; null before the first progress line.
     */
    figures: jsonb("figures").$type<LiveFigures>(),
    acquiredAt: bigint("acquired_at", { mode: "number" }).notNull(),
  },
  (t) => [index("stream_leases_node_idx").on(t.node)],
);

/**
 * The nodes that found they cannot read a stream's media (a mount missing or broken on that machine),
 * with when: for a while such a node does not claim the stream, and when every node that is up has
 * said so the stream fails instead of going round the nodes.
 */
export const streamUnreadable = pgTable(
  "stream_unreadable",
  {
    streamId: integer("stream_id")
      .notNull()
      .references(() => streams.id, { onDelete: "cascade" }),
    node: text("node").notNull(),
    /** The media's name as the studio knows it (what the card names). */
    file: text("file").notNull(),
    /** Epoch ms of the failed read. */
    at: bigint("at", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.node] })],
);
