// Each domain keeps its tables in its own file; this list is the SQLite schema drizzle-kit reads.
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
export * from "./webhooks";
export * from "./wishlists";
