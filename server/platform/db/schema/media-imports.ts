import { MEDIA_IMPORT_STATUSES } from "@shared/schemas/media-imports";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { projects, users } from "./core";
import { jobs } from "./jobs";
import { mediaFiles } from "./media";

/**
 * Media imported from a link: a row per import, so its progress outlives a page reload and every node
 * sees it. The download itself runs as a job (job_id) on the node that took the request; a row whose
 * job ended without it (a stopped server) reads as failed.
 */
export const mediaImports = sqliteTable(
  "media_imports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    startedBy: integer("started_by").references(() => users.id, { onDelete: "set null" }),
    /** The link as given; the download may go to its direct form and follow redirects. */
    url: text("url").notNull(),
    name: text("name").notNull(),
    status: text("status", { enum: MEDIA_IMPORT_STATUSES }).notNull(),
    bytes: integer("bytes").notNull().default(0),
    total: integer("total"),
    mediaId: integer("media_id").references(() => mediaFiles.id, { onDelete: "set null" }),
    error: text("error"),
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    finishedAt: integer("finished_at"),
  },
  (t) => [index("media_imports_project_idx").on(t.projectId, t.createdAt)],
);
