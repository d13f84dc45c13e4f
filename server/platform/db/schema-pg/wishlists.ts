import { bigint, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { projects } from "./core";

// Steam wishlist reporting, keyed by app id like the other Steam tables. One row per app and GMT
// date, replaced whole on every fetch of that date, so a re-sync never counts a day twice.

export const steamWishlistDays = pgTable(
  "steam_wishlist_days",
  {
    appId: integer("app_id").notNull(),
    /** Steam's wishlist date (GMT), YYYY-MM-DD. */
    date: text("date").notNull(),
    adds: integer("adds").notNull().default(0),
    deletes: integer("deletes").notNull().default(0),
    purchases: integer("purchases").notNull().default(0),
    gifts: integer("gifts").notNull().default(0),
    /** Adds per platform; null when Steam did not say. */
    addsWindows: integer("adds_windows"),
    addsMac: integer("adds_mac"),
    addsLinux: integer("adds_linux"),
    fetchedAt: bigint("fetched_at", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.date] })],
);

export const steamWishlistCountries = pgTable(
  "steam_wishlist_countries",
  {
    appId: integer("app_id").notNull(),
    date: text("date").notNull(),
    countryCode: text("country_code").notNull(),
    adds: integer("adds").notNull().default(0),
    deletes: integer("deletes").notNull().default(0),
    purchases: integer("purchases").notNull().default(0),
    gifts: integer("gifts").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.date, t.countryCode] }),
    index("steam_wishlist_countries_app_date_idx").on(t.appId, t.date),
  ],
);

/** Per app: the first date Steam has wishlist data for, learnt from any answer. */
export const steamWishlistApps = pgTable("steam_wishlist_apps", {
  appId: integer("app_id").primaryKey(),
  appMinDate: text("app_min_date"),
  checkedAt: bigint("checked_at", { mode: "number" }).notNull(),
});

/** Deletes spikes already announced, per project and date, so a restart or re-sync never re-sends. */
export const wishlistSpikeAlerts = pgTable(
  "wishlist_spike_alerts",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    deletes: integer("deletes").notNull(),
    sentAt: bigint("sent_at", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.date] })],
);
