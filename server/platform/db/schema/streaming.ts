import { STREAM_STATUSES } from "@shared/schemas/streaming";
import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { projects, users } from "./core";
import { mediaFiles } from "./media";
import { playlists } from "./playlists";

const now = sql`(unixepoch('subsec') * 1000)`;

// Stream destinations and stream history. A stream row is the history; while live it also
// has a child process owned by the supervisor.
export const destinations = sqliteTable(
  "destinations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type", { enum: ["steam", "custom"] })
      .notNull()
      .default("steam"),
    rtmpUrl: text("rtmp_url").notNull(),
    /** A secret: never sent to viewers, never logged. */
    streamKey: text("stream_key").notNull().default(""),
    autorestart: integer("autorestart", { mode: "boolean" }).notNull().default(false),
    /** An rtmps:// ingest's own CA (absolute path of a PEM file); null trusts the system's CA store. */
    caFile: text("ca_file"),
    /** Reconnect on purpose after this many hours of output (1-168); null: only before FLV's limit. */
    reconnectHours: integer("reconnect_hours"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("destinations_project_idx").on(t.projectId)],
);

export const streams = sqliteTable(
  "streams",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    // Kept as history when the destination or media goes; names are copied for that reason.
    destinationId: integer("destination_id").references(() => destinations.id, { onDelete: "set null" }),
    mediaId: integer("media_id").references(() => mediaFiles.id, { onDelete: "set null" }),
    mediaName: text("media_name").notNull(),
    mediaSize: integer("media_size").notNull().default(0),
    // A playlist stream: media_id stays null, media_name and playlist_name hold the playlist's name.
    playlistId: integer("playlist_id").references(() => playlists.id, { onDelete: "set null" }),
    playlistName: text("playlist_name"),
    destinationName: text("destination_name").notNull(),
    destinationType: text("destination_type").notNull(),
    status: text("status", { enum: STREAM_STATUSES }).notNull().default("starting"),
    pid: integer("pid"),
    errorCount: integer("error_count").notNull().default(0),
    lastErrorMessage: text("last_error_message"),
    lastErrorTime: integer("last_error_time"),
    /** Reconnects made on purpose (timestamp limit or the destination's interval): never failures. */
    plannedReconnects: integer("planned_reconnects").notNull().default(0),
    lastPlannedReconnectAt: integer("last_planned_reconnect_at"),
    startedBy: integer("started_by").references(() => users.id, { onDelete: "set null" }),
    startedAt: integer("started_at").notNull().default(now),
    stoppedAt: integer("stopped_at"),
    /** Set when a graceful shutdown stopped a stream of an auto-restart destination: resumed on start. */
    resumeOnStart: integer("resume_on_start", { mode: "boolean" }).notNull().default(false),
    /**
     * When the start of the current play (the loop's position 0) went out, for the run on air: written
     * once per run at its first frame, so a run ended by a server kill can resume where it stopped.
     */
    playOriginAt: integer("play_origin_at"),
    /** The broadcast window that started this stream; null for a stream started by a person. */
    scheduleId: integer("schedule_id"),
    /** The node that runs (or last ran) the stream, recorded when its run goes on air. */
    node: text("node"),
  },
  (t) => [index("streams_project_idx").on(t.projectId), index("streams_status_idx").on(t.status)],
);

export const PREPARATION_STATUSES = ["pending", "running", "done", "error"] as const;

/**
 * A media file that cannot be stream-copied, re-encoded once into DATA_DIR/media/prepared/. Streams of
 * that media use the prepared file; the row shows the job's progress.
 */
export const mediaPreparations = sqliteTable("media_preparations", {
  mediaId: integer("media_id")
    .primaryKey()
    .references(() => mediaFiles.id, { onDelete: "cascade" }),
  status: text("status", { enum: PREPARATION_STATUSES }).notNull().default("pending"),
  /** 0-100. */
  percent: real("percent").notNull().default(0),
  outputName: text("output_name"),
  error: text("error"),
  pid: integer("pid"),
  startedAt: integer("started_at").notNull().default(now),
  finishedAt: integer("finished_at"),
  /**
   * The node running the re-encode, and until when its claim holds (renewed while it runs): another
   * node takes a running preparation over only once the claim has lapsed.
   */
  node: text("node"),
  claimedUntil: integer("claimed_until"),
});
