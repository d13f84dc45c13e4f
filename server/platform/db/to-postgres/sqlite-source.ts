import { Database } from "bun:sqlite";
import { join } from "node:path";
import * as sqliteSchema from "@server/platform/db/schema/tables";
import { getTableColumns, getTableName, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

const MIGRATIONS = join(import.meta.dir, "..", "migrations");
/** The row's SQLite rowid, read beside its columns to page through a table; never copied. */
const ROWID = "__rowid";

export type Row = Record<string, unknown>;

export class SourceOutdatedError extends Error {}

/**
 * A console's SQLite file opened read-only, inside one read transaction: every page of every table
 * and every count comes from the same snapshot, even while a console still writes to the file.
 */
export interface SqliteSource {
  /** The table's rows in the order they were written, `size` at a time, as the services read them. */
  pages(table: SQLiteTable, size: number): Generator<Row[]>;
  count(table: SQLiteTable): number;
  /**
   * The highest id SQLite has handed out per AUTOINCREMENT table, deleted rows included: such an id
   * is never given again, as rows elsewhere may still name it without a foreign key.
   */
  issuedIds(): Map<string, number>;
  close(): void;
}

export function openSqliteSource(file: string): SqliteSource {
  const sqlite = new Database(file, { readonly: true, strict: true });
  try {
    sqlite.exec("PRAGMA busy_timeout = 5000;");
    assertUpToDate(sqlite);
    // A deferred transaction's snapshot is taken at its first read and held until the end.
    sqlite.exec("BEGIN");
  } catch (error) {
    sqlite.close();
    throw error;
  }
  const db = drizzle({ client: sqlite, schema: sqliteSchema });
  return {
    *pages(table, size) {
      let after = 0;
      for (;;) {
        // Paged by rowid rather than OFFSET, so a long table costs one index step per page.
        const page = db
          .select({ ...getTableColumns(table), [ROWID]: sql<number>`rowid` })
          .from(table)
          .where(sql`rowid > ${after}`)
          .orderBy(sql`rowid`)
          .limit(size)
          .all() as Row[];
        if (page.length === 0) return;
        after = page[page.length - 1]![ROWID] as number;
        for (const row of page) delete row[ROWID];
        yield page;
        if (page.length < size) return;
      }
    },
    count(table) {
      const row = sqlite.query(`SELECT count(*) AS n FROM "${getTableName(table)}"`).get() as { n: number };
      return row.n;
    },
    issuedIds() {
      const rows = sqlite.query("SELECT name, seq FROM sqlite_sequence").all() as {
        name: string;
        seq: number;
      }[];
      return new Map(rows.map((r) => [r.name, Number(r.seq)]));
    },
    close() {
      try {
        sqlite.exec("ROLLBACK");
      } finally {
        sqlite.close();
      }
    },
  };
}

/**
 * The copy reads the file with this version's tables, so the file must carry this version's
 * migrations: a console last run by an older version is brought up to date by starting it once.
 */
function assertUpToDate(sqlite: Database) {
  const newest = Math.max(...readMigrationFiles({ migrationsFolder: MIGRATIONS }).map((m) => m.folderMillis));
  let applied = 0;
  try {
    const row = sqlite.query("SELECT max(created_at) AS at FROM __drizzle_migrations").get() as {
      at: number | null;
    };
    applied = Number(row.at ?? 0);
  } catch {
    applied = 0;
  }
  if (applied < newest) throw new SourceOutdatedError();
}
