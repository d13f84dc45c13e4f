import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { projects } from "./core";

// What the analytics told a project on their own: anomalies (each told once) and weekly digests
// (each sent once), and the project's digest setting.

/** An anomaly per (project, figure, country, day); country "" is the game overall. */
export const analyticsAnomalies = sqliteTable(
  "analytics_anomalies",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** wishlist_adds, wishlist_deletes, refunds or review_score. */
    figure: text("figure").notNull(),
    country: text("country").notNull(),
    date: text("date").notNull(),
    value: real("value").notNull(),
    /** The usual range: the trailing window's median and the edges of |z| < 3.5. */
    median: real("median").notNull(),
    low: real("low").notNull(),
    high: real("high").notNull(),
    sentAt: integer("sent_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.figure, t.country, t.date] }),
    index("analytics_anomalies_project_sent_idx").on(t.projectId, t.sentAt),
  ],
);

/** A digest per project and week (the Monday it went out on, in the project's time zone). */
export const analyticsDigests = sqliteTable(
  "analytics_digests",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    week: text("week").notNull(),
    sentAt: integer("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.week] })],
);

/** A project's digest setting; no row: on, in the time zone of the project's weekly schedule or UTC. */
export const analyticsDigestSettings = sqliteTable("analytics_digest_settings", {
  projectId: integer("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  enabled: integer("enabled", { mode: "boolean" }).notNull(),
  timeZone: text("time_zone"),
});
