import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import * as schema from "@server/platform/db/schema";
import { createPrivateFile, PRIVATE_FOLDER } from "@server/platform/files/private";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";

export type Db = ReturnType<typeof drizzle<typeof schema>>;

const MIGRATIONS = join(import.meta.dir, "migrations");

/** Opens (creating if needed) the SQLite file, in WAL mode, and applies pending migrations. */
export function openDb(file: string): { db: Db; sqlite: Database } {
  if (file !== ":memory:") {
    mkdirSync(dirname(file), { recursive: true, mode: PRIVATE_FOLDER });
    // SQLite gives its -wal and -shm files the database file's mode: owner-only from the first byte.
    createPrivateFile(file);
  }
  const sqlite = new Database(file, { create: true, strict: true });
  sqlite.exec("PRAGMA journal_mode = WAL;");
  sqlite.exec("PRAGMA foreign_keys = ON;");
  sqlite.exec("PRAGMA busy_timeout = 5000;");
  sqlite.exec("PRAGMA synchronous = NORMAL;");
  const db = drizzle({ client: sqlite, schema });
  migrate(db, { migrationsFolder: MIGRATIONS });
  return { db, sqlite };
}
