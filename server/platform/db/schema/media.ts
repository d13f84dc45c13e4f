import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { projects, users } from "./core";

// Uploaded media. The file lives under DATA_DIR/media/<stored_name>; original_name is only data.
export const mediaFiles = sqliteTable(
  "media_files",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    originalName: text("original_name").notNull(),
    storedName: text("stored_name").notNull().unique(),
    mimeType: text("mime_type").notNull(),
    fileSize: integer("file_size").notNull(),
    kind: text("kind", { enum: ["video", "image"] }).notNull(),
    durationSeconds: real("duration_seconds"),
    width: integer("width"),
    height: integer("height"),
    videoCodec: text("video_codec"),
    audioCodec: text("audio_codec"),
    bitrate: integer("bitrate"),
    frameRate: real("frame_rate"),
    keyframeInterval: real("keyframe_interval"),
    /** Passes Steam's broadcast rules (server/features/media/steam-rules.ts): streamed to Steam by stream copy. */
    steamReady: integer("steam_ready", { mode: "boolean" }).notNull().default(false),
    /** Why it does not pass, in plain words; null for files checked before the full rules existed. */
    steamReasons: text("steam_reasons", { mode: "json" }).$type<string[]>(),
    posterName: text("poster_name"),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull().default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("media_project_idx").on(t.projectId)],
);
