import { JOB_STATUSES } from "@shared/schemas/jobs";
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { projects, users } from "./core";

/**
 * Background jobs (the Steam syncs): a row per run, so progress and results outlive a page reload
 * and a row left running by a stopped server can be found and marked interrupted at the next start.
 */
export const jobs = sqliteTable(
  "jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind").notNull(),
    /** At most one job per key runs at a time: e.g. "financial-recent:12" or "all-apps". */
    key: text("key").notNull(),
    projectId: integer("project_id").references(() => projects.id, { onDelete: "cascade" }),
    startedBy: integer("started_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: JOB_STATUSES }).notNull(),
    datesDone: integer("dates_done").notNull().default(0),
    datesTotal: integer("dates_total").notNull().default(0),
    recordsFound: integer("records_found").notNull().default(0),
    /** The job's answer as JSON, once done. */
    result: text("result", { mode: "json" }),
    errorMessage: text("error_message"),
    /** The AppError code of a failure, so a waiting REST call answers the same status. */
    errorCode: text("error_code"),
    errorDetails: text("error_details", { mode: "json" }).$type<Record<string, unknown>>(),
    startedAt: integer("started_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** The node whose process runs the work (null: written before nodes were recorded). */
    node: text("node"),
    finishedAt: integer("finished_at"),
  },
  (t) => [
    index("jobs_key_status_idx").on(t.key, t.status),
    index("jobs_project_idx").on(t.projectId),
    // The claim on a key across nodes: a second unfinished row of the same key is refused by the database.
    uniqueIndex("jobs_unfinished_key_idx").on(t.key).where(sql`status in ('queued', 'running')`),
  ],
);
