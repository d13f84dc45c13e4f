import { bigint, boolean, doublePrecision, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { destinations, streams } from "./streaming";

/**
 * A stream's health over time: one row every 10 s while it is live, folded into 5-minute rows after a
 * day and removed after 30 days. Drops and duplicates are counted per row (not ffmpeg's running totals).
 */
export const healthSamples = pgTable(
  "health_samples",
  {
    streamId: integer("stream_id")
      .notNull()
      .references(() => streams.id, { onDelete: "cascade" }),
    at: bigint("at", { mode: "number" }).notNull(),
    /** Seconds the row covers: 10 for a raw sample, 300 once folded. */
    span: integer("span").notNull(),
    bitrateKbps: doublePrecision("bitrate_kbps").notNull(),
    bitrateMin: doublePrecision("bitrate_min").notNull(),
    bitrateMax: doublePrecision("bitrate_max").notNull(),
    fps: doublePrecision("fps").notNull(),
    fpsMin: doublePrecision("fps_min").notNull(),
    fpsMax: doublePrecision("fps_max").notNull(),
    speed: doublePrecision("speed").notNull(),
    dropped: integer("dropped").notNull(),
    dup: integer("dup").notNull(),
  },
  (t) => [index("health_samples_stream_at_idx").on(t.streamId, t.at)],
);

export const INTENT_SOURCES = ["user", "schedule"] as const;

/** Time someone (a user, a schedule) wanted a destination live; open (no end) while they still do. */
export const destinationIntents = pgTable(
  "destination_intents",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    destinationId: integer("destination_id")
      .notNull()
      .references(() => destinations.id, { onDelete: "cascade" }),
    source: text("source", { enum: INTENT_SOURCES }).notNull(),
    startedAt: bigint("started_at", { mode: "number" }).notNull(),
    endedAt: bigint("ended_at", { mode: "number" }),
  },
  (t) => [index("destination_intents_dest_idx").on(t.destinationId, t.startedAt)],
);

/**
 * Time a stream was really publishing: from its first frame out to the end of that ffmpeg run.
 * `planned` marks a run that ended at its planned reconnect (the health timeline shows it there).
 */
export const liveRuns = pgTable(
  "live_runs",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    streamId: integer("stream_id").notNull(),
    destinationId: integer("destination_id")
      .notNull()
      .references(() => destinations.id, { onDelete: "cascade" }),
    startedAt: bigint("started_at", { mode: "number" }).notNull(),
    endedAt: bigint("ended_at", { mode: "number" }),
    planned: boolean("planned").notNull().default(false),
  },
  (t) => [
    index("live_runs_dest_idx").on(t.destinationId, t.startedAt),
    index("live_runs_stream_idx").on(t.streamId),
  ],
);

/** A stream run that ended without being asked to (ffmpeg died, the ingest went away, the media vanished). */
export const destinationFailures = pgTable(
  "destination_failures",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    destinationId: integer("destination_id")
      .notNull()
      .references(() => destinations.id, { onDelete: "cascade" }),
    streamId: integer("stream_id").notNull(),
    at: bigint("at", { mode: "number" }).notNull(),
  },
  (t) => [index("destination_failures_dest_idx").on(t.destinationId, t.at)],
);
