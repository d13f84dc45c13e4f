// The PostgreSQL twin of ../schema: the same tables, columns, keys and indexes in pg-core, so the
// services' rows keep one TypeScript shape on either database (test/server/platform/db-parity.test.ts).
export * from "./analytics-reports";
export * from "./core";
export * from "./health";
export * from "./jobs";
export * from "./media";
export * from "./media-imports";
export * from "./nodes";
export * from "./playlists";
export * from "./schedules";
export * from "./steam";
export * from "./steam-history";
export * from "./steam-sales-info";
export * from "./store-page";
export * from "./stream-leases";
export * from "./streaming";
export * from "./tokens";
export * from "./watchlist";
export * from "./webhooks";
export * from "./wishlists";
