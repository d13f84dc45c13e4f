import { MEDIA_IMPORT_STATUSES } from "@shared/schemas/media-imports";
import { bigint, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { projects, users } from "./core";
import { jobs } from "./jobs";
import { mediaFiles } from "./media";

/** Media imported from a link (see ../schema/media-imports.ts). */
export const mediaImports = pgTable(
  "media_imports",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    startedBy: integer("started_by").references(() => users.id, { onDelete: "set null" }),
    url: text("url").notNull(),
    name: text("name").notNull(),
    status: text("status", { enum: MEDIA_IMPORT_STATUSES }).notNull(),
    bytes: bigint("bytes", { mode: "number" }).notNull().default(0),
    total: bigint("total", { mode: "number" }),
    mediaId: integer("media_id").references(() => mediaFiles.id, { onDelete: "set null" }),
    error: text("error"),
    jobId: integer("job_id").references(() => jobs.id, { onDelete: "set null" }),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
    finishedAt: bigint("finished_at", { mode: "number" }),
  },
  (t) => [index("media_imports_project_idx").on(t.projectId, t.createdAt)],
);
