import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { projects, users } from "./core";
import { mediaFiles } from "./media";
import { playlists } from "./playlists";
import { destinations } from "./streaming";

const now = sql`(extract(epoch from now()) * 1000)::bigint`;

/**
 * A destination's broadcast windows: one-off (`starts_at`..`ends_at`, ms) or weekly (`days` on the
 * wall clock of `timezone`, `from_time`..`to_time`, ending the next day when `to_time` ≤ `from_time`).
 */
export const schedules = pgTable(
  "schedules",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    destinationId: integer("destination_id")
      .notNull()
      .references(() => destinations.id, { onDelete: "cascade" }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["once", "weekly"] }).notNull(),
    startsAt: bigint("starts_at", { mode: "number" }),
    endsAt: bigint("ends_at", { mode: "number" }),
    /** JSON list of "sun".."sat". */
    days: text("days"),
    fromTime: text("from_time"),
    toTime: text("to_time"),
    timezone: text("timezone"),
    mediaId: integer("media_id").references(() => mediaFiles.id, { onDelete: "cascade" }),
    playlistId: integer("playlist_id").references(() => playlists.id, { onDelete: "cascade" }),
    /** A manual stop inside a window: the scheduler leaves the destination alone until this instant. */
    heldUntil: bigint("held_until", { mode: "number" }),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: bigint("created_at", { mode: "number" }).notNull().default(now),
  },
  (t) => [index("schedules_destination_idx").on(t.destinationId)],
);
