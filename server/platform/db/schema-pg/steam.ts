import { bigint, doublePrecision, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

// Steam analytics. Everything is keyed by Steam app id, not project: two projects that watch
// the same game share samples and caches, and sales rows arrive for every app of the partner account.

/** Current-player samples taken by the sampler: Steam keeps no player-count history, so we do. */
export const steamPlayerSamples = pgTable(
  "steam_player_samples",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    appId: integer("app_id").notNull(),
    sampledAt: bigint("sampled_at", { mode: "number" }).notNull(),
    playerCount: integer("player_count").notNull(),
  },
  (t) => [index("steam_samples_app_time_idx").on(t.appId, t.sampledAt)],
);

/** Per-app caches of what the Web API answered last: achievements summary and when news was fetched. */
export const steamAppCache = pgTable("steam_app_cache", {
  appId: integer("app_id").primaryKey(),
  name: text("name"),
  achievementCount: integer("achievement_count"),
  /** Mean global unlock percent over the app's achievements. */
  achievementAvgPercent: doublePrecision("achievement_avg_percent"),
  achievementsFetchedAt: bigint("achievements_fetched_at", { mode: "number" }),
  newsFetchedAt: bigint("news_fetched_at", { mode: "number" }),
});

export const steamNews = pgTable(
  "steam_news",
  {
    appId: integer("app_id").notNull(),
    gid: text("gid").notNull(),
    title: text("title").notNull(),
    url: text("url").notNull(),
    author: text("author").notNull().default(""),
    feedlabel: text("feedlabel").notNull().default(""),
    excerpt: text("excerpt").notNull().default(""),
    publishedAt: bigint("published_at", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.gid] }),
    index("steam_news_app_time_idx").on(t.appId, t.publishedAt),
  ],
);

/**
 * Partner sales line items, one row per GetDetailedSales result. Money in integer cents with Steam's
 * signs (returns negative). A date's rows are replaced as a whole on every fetch of that date.
 */
export const steamSales = pgTable(
  "steam_sales",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** Steam's sales date (Pacific), YYYY-MM-DD. */
    date: text("date").notNull(),
    primaryAppId: integer("primary_app_id").notNull(),
    appId: integer("app_id"),
    packageId: integer("package_id"),
    bundleId: integer("bundle_id"),
    lineItemType: text("line_item_type").notNull().default(""),
    platform: text("platform"),
    countryCode: text("country_code"),
    currency: text("currency"),
    grossUnitsSold: integer("gross_units_sold").notNull().default(0),
    grossUnitsReturned: integer("gross_units_returned").notNull().default(0),
    grossUnitsActivated: integer("gross_units_activated").notNull().default(0),
    netUnitsSold: integer("net_units_sold").notNull().default(0),
    grossSalesCents: bigint("gross_sales_cents", { mode: "number" }).notNull().default(0),
    grossReturnsCents: bigint("gross_returns_cents", { mode: "number" }).notNull().default(0),
    netTaxCents: bigint("net_tax_cents", { mode: "number" }).notNull().default(0),
    netSalesCents: bigint("net_sales_cents", { mode: "number" }).notNull().default(0),
    /** Null on a full-price line, and on lines stored before discounts were kept (until re-synced). */
    combinedDiscountId: integer("combined_discount_id"),
    totalDiscountPercentage: doublePrecision("total_discount_percentage"),
  },
  (t) => [
    index("steam_sales_app_date_idx").on(t.primaryAppId, t.date),
    index("steam_sales_date_idx").on(t.date),
  ],
);

/** Dates GetChangedDatesForPartner reported, and when each was last fetched in full. */
export const steamSalesDates = pgTable("steam_sales_dates", {
  date: text("date").primaryKey(),
  changedAt: bigint("changed_at", { mode: "number" }),
  fetchedAt: bigint("fetched_at", { mode: "number" }),
  rowCount: integer("row_count").notNull().default(0),
});

/** Single row (id 1): the partner high-water mark, advanced only after the changed dates are recorded. */
export const steamPartnerState = pgTable("steam_partner_state", {
  id: integer("id").primaryKey(),
  highwatermark: text("highwatermark").notNull().default("0"),
  updatedAt: bigint("updated_at", { mode: "number" }),
});
