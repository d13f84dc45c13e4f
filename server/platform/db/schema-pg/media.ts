import { sql } from "drizzle-orm";
import { bigint, boolean, doublePrecision, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { projects, users } from "./core";
import { jsonb } from "./json";

// Uploaded media. The file lives under DATA_DIR/media/<stored_name>; original_name is only data.
export const mediaFiles = pgTable(
  "media_files",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    originalName: text("original_name").notNull(),
    storedName: text("stored_name").notNull().unique(),
    mimeType: text("mime_type").notNull(),
    fileSize: bigint("file_size", { mode: "number" }).notNull(),
    kind: text("kind", { enum: ["video", "image"] }).notNull(),
    durationSeconds: doublePrecision("duration_seconds"),
    width: integer("width"),
    height: integer("height"),
    videoCodec: text("video_codec"),
    audioCodec: text("audio_codec"),
    bitrate: integer("bitrate"),
    frameRate: doublePrecision("frame_rate"),
    keyframeInterval: doublePrecision("keyframe_interval"),
    /** Passes Steam's broadcast rules (server/features/media/steam-rules.ts): streamed to Steam by stream copy. */
    steamReady: boolean("steam_ready").notNull().default(false),
    /** Why it does not pass, in plain words; null for files checked before the full rules existed. */
    steamReasons: jsonb("steam_reasons").$type<string[]>(),
    posterName: text("poster_name"),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: bigint("created_at", { mode: "number" })
      .notNull()
      .default(sql`(extract(epoch from now()) * 1000)::bigint`),
  },
  (t) => [index("media_project_idx").on(t.projectId)],
);
