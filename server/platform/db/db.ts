import type * as tables from "@server/platform/db/schema/tables";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";

/**
 * The database as the services see it: drizzle's asynchronous query API, typed with the SQLite
 * tables (whose rows match PostgreSQL's). Every query is awaited and written with what both drivers
 * share: no `.get()`, `.all()`, `.run()` or `.values()` (SQLite's builders only), `limit(1)` and `[0]`
 * for one row, `.returning()` where the written rows are needed.
 */
export type Db = BaseSQLiteDatabase<"async", unknown, typeof tables>;
