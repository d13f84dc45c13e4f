import { bigint, doublePrecision, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

// The lookup lists GetDetailedSales sends beside its line items. Each page repeats the entries its
// rows refer to, so they are upserted by id: the newest name wins and nothing is ever duplicated.

export const steamSalesApps = pgTable("steam_sales_apps", {
  appId: integer("app_id").primaryKey(),
  name: text("name").notNull(),
});

export const steamSalesPackages = pgTable("steam_sales_packages", {
  packageId: integer("package_id").primaryKey(),
  name: text("name").notNull(),
});

export const steamSalesBundles = pgTable("steam_sales_bundles", {
  bundleId: integer("bundle_id").primaryKey(),
  name: text("name").notNull(),
});

export const steamSalesCountries = pgTable("steam_sales_countries", {
  countryCode: text("country_code").primaryKey(),
  name: text("name").notNull(),
  region: text("region"),
});

/** A discount as the store ran it: several discounts stacked under one id and one total depth. */
export const steamSalesDiscounts = pgTable("steam_sales_discounts", {
  combinedDiscountId: integer("combined_discount_id").primaryKey(),
  name: text("name").notNull(),
  totalDiscountPercentage: doublePrecision("total_discount_percentage"),
  /** JSON array of the stacked discount ids. */
  discountIds: text("discount_ids").notNull().default("[]"),
});

/** Refund-spike days already announced for a project, so a restart or re-sync never re-sends one. */
export const steamRefundAlerts = pgTable(
  "steam_refund_alerts",
  {
    projectId: integer("project_id").notNull(),
    date: text("date").notNull(),
    sentAt: bigint("sent_at", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.date] })],
);
