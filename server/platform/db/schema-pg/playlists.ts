import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { projects, users } from "./core";
import { mediaFiles } from "./media";

const now = sql`(extract(epoch from now()) * 1000)::bigint`;

// A project's playlists: an ordered list of its videos, streamed one after the other and looped
// as a whole in one RTMP session.
export const playlists = pgTable(
  "playlists",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: bigint("created_at", { mode: "number" }).notNull().default(now),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull().default(now),
  },
  (t) => [index("playlists_project_idx").on(t.projectId)],
);

// The media service refuses to delete a file a playlist names; the cascade serves a project's removal.
export const playlistItems = pgTable(
  "playlist_items",
  {
    playlistId: integer("playlist_id")
      .notNull()
      .references(() => playlists.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    mediaId: integer("media_id")
      .notNull()
      .references(() => mediaFiles.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.playlistId, t.position] }),
    index("playlist_items_media_idx").on(t.mediaId),
  ],
);
