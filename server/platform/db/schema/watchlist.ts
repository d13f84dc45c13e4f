import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { projects } from "./core";

// A project's watch list of other Steam apps, and what the console learns about any app it watches:
// the store's price once a UTC day (kept for ever) and the last state of each Steam read, so "Steam
// does not know this app" or "rate limited" shows as words instead of an empty chart.

/** Up to 20 Steam apps per project, chosen through the game search. */
export const watchlistApps = sqliteTable(
  "watchlist_apps",
  {
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    appId: integer("app_id").notNull(),
    /** The name the search showed when the app was added; the store's name replaces it once read. */
    name: text("name").notNull(),
    addedAt: integer("added_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.appId] }), index("watchlist_apps_app_idx").on(t.appId)],
);

/** The store's appdetails for an app, one row per UTC day: price, discount and release day. */
export const steamPriceDays = sqliteTable(
  "steam_price_days",
  {
    appId: integer("app_id").notNull(),
    date: text("date").notNull(),
    name: text("name").notNull(),
    isFree: integer("is_free", { mode: "boolean" }).notNull(),
    /** ISO 4217, null for a free app or one without a price yet. */
    currency: text("currency"),
    /** Cents, as appdetails' price_overview sends them. */
    initialCents: integer("initial_cents"),
    finalCents: integer("final_cents"),
    discountPercent: integer("discount_percent").notNull(),
    /** The store's own words ("Nov 20, 2025", "Coming soon"). */
    releaseDate: text("release_date"),
    comingSoon: integer("coming_soon", { mode: "boolean" }).notNull(),
    genres: text("genres").notNull(),
    sampledAt: integer("sampled_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.date] })],
);

/** The outcome of the last read of each kind (players, reviews, details) per app. */
export const steamAppStates = sqliteTable(
  "steam_app_states",
  {
    appId: integer("app_id").notNull(),
    /** "players" | "reviews" | "details". */
    source: text("source").notNull(),
    /** "ok" | "unknown_app" | "no_reviews" | "rate_limited" | "unavailable". */
    state: text("state").notNull(),
    checkedAt: integer("checked_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.source] })],
);
