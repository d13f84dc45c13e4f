import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import * as sqliteSchema from "@server/platform/db/schema/tables";
import * as pgSchema from "@server/platform/db/schema-pg";
import { createPrivateFile, PRIVATE_FOLDER } from "@server/platform/files/private";
import { SQL } from "bun";
import { drizzle as drizzlePg } from "drizzle-orm/bun-sql";
import { migrate as migratePg } from "drizzle-orm/bun-sql/migrator";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import type { Db } from "./db";
import { serialTransactions } from "./sqlite-transactions";

export type { Db };

const MIGRATIONS = join(import.meta.dir, "migrations");
const PG_MIGRATIONS = join(import.meta.dir, "migrations-pg");

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
  const db = drizzle({ client: sqlite, schema: sqliteSchema });
  migrate(db, { migrationsFolder: MIGRATIONS });
  return { db: serialTransactions(db, sqlite), sqlite };
}

export interface PgOptions {
  /** Connections in this process's pool. */
  max?: number;
  /** Seconds an unused connection stays open. */
  idleTimeout?: number;
}

/**
 * A PostgreSQL database through Bun's built-in client. Nothing connects until the first query: call
 * migratePgDb before serving.
 */
export function openPgDb(url: string, options: PgOptions = {}): { db: Db; client: SQL } {
  const client = new SQL({
    url,
    max: options.max ?? 10,
    idleTimeout: options.idleTimeout ?? 30,
    connectionTimeout: 5,
  });
  const db = drizzlePg({ client, schema: pgSchema });
  return { db: db as unknown as Db, client };
}

/** Applies pending PostgreSQL migrations (one node at a time: drizzle's migrator takes no lock). */
export async function migratePgDb(db: Db): Promise<void> {
  await migratePg(db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder: PG_MIGRATIONS });
}
