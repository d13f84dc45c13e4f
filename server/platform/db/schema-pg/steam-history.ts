import { bigint, doublePrecision, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

// Long-lived Steam history, keyed by app id like the rest of the Steam tables: the review summary
// once a day, player counts folded to one row a day (raw samples are pruned after 30 days), and what
// has been alerted, so a restart never sends an alert twice.

/** The store's review summary (appreviews query_summary) for an app, one row per UTC day. */
export const steamReviewDays = pgTable(
  "steam_review_days",
  {
    appId: integer("app_id").notNull(),
    /** UTC day the summary was read, YYYY-MM-DD. A later read the same day replaces the row. */
    date: text("date").notNull(),
    reviewScore: integer("review_score"),
    /** Steam's own words: "Very Positive", "Mixed", "3 user reviews". */
    scoreDesc: text("score_desc").notNull(),
    totalPositive: integer("total_positive").notNull(),
    totalNegative: integer("total_negative").notNull(),
    totalReviews: integer("total_reviews").notNull(),
    sampledAt: bigint("sampled_at", { mode: "number" }).notNull(),
    /** The previous day's description when the change to this day's was alerted; null = not alerted. */
    changeAlertedFrom: text("change_alerted_from"),
  },
  (t) => [primaryKey({ columns: [t.appId, t.date] })],
);

/** Player counts per app and UTC day, updated as each sample arrives; kept for ever. */
export const steamPlayerDaily = pgTable(
  "steam_player_daily",
  {
    appId: integer("app_id").notNull(),
    date: text("date").notNull(),
    peak: integer("peak").notNull(),
    /** Sum of the day's samples, so the average survives the pruning of the samples. */
    total: doublePrecision("total").notNull(),
    samples: integer("samples").notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.date] })],
);

/** Per app: the all-time player peak, and the peak last alerted (or the silent baseline) and when. */
export const steamPlayerPeaks = pgTable("steam_player_peaks", {
  appId: integer("app_id").primaryKey(),
  peak: integer("peak").notNull(),
  peakAt: bigint("peak_at", { mode: "number" }).notNull(),
  alertedPeak: integer("alerted_peak").notNull(),
  alertedAt: bigint("alerted_at", { mode: "number" }),
});
