import { existsSync } from "node:fs";
import { openPgDb } from "@server/platform/db/client";
import { preparePostgres } from "@server/platform/db/prepare-postgres";
import * as sqliteSchema from "@server/platform/db/schema/tables";
import { MIGRATE_TO_POSTGRES as M } from "@shared/messages/migrate-to-postgres";
import { getTableName } from "drizzle-orm";
import type { TableCount } from "./count-report";
import {
  advanceSequences,
  batchSize,
  countRows,
  insertRows,
  lockEmptyTarget,
  type PgTx,
  pgTablesByName,
  TargetNotEmptyError,
} from "./pg-target";
import { openSqliteSource, SourceOutdatedError } from "./sqlite-source";
import { tablesInForeignKeyOrder } from "./table-order";

/** Why the copy did not happen, in one line for the operator; PostgreSQL was left as it was. */
export class CopyRefusal extends Error {}

/** The copy ran, but a table's count came out different: rolled back, the counts say where. */
export class CountsDifferError extends Error {
  constructor(readonly counts: TableCount[]) {
    super(M.countsDiffer);
  }
}

export interface CopyOptions {
  /** The console's SQLite file (DATA_DIR/console.db). */
  sqliteFile: string;
  /** The target database: empty, migrated or not. */
  databaseUrl: string;
  /** Rows per insert (fewer for a wide table). */
  batchRows?: number;
}

export interface CopyResult {
  counts: TableCount[];
  ms: number;
}

/**
 * Copies every row of a SQLite console into an empty PostgreSQL database in one transaction: tables
 * after the tables they reference, ids kept, each value read through the SQLite schema's column and
 * written through its pg-core twin (booleans, JSON, millisecond times), sequences moved past the
 * copied ids. Any failure rolls everything back, so the target is as empty as it was.
 */
export async function copyConsoleToPostgres(options: CopyOptions): Promise<CopyResult> {
  const started = performance.now();
  if (!existsSync(options.sqliteFile)) throw new CopyRefusal(M.noDatabase(options.sqliteFile));
  let source: ReturnType<typeof openSqliteSource>;
  try {
    source = openSqliteSource(options.sqliteFile);
  } catch (error) {
    if (error instanceof SourceOutdatedError) throw new CopyRefusal(M.outdated(options.sqliteFile));
    throw error;
  }
  const { db, client } = openPgDb(options.databaseUrl, { max: 1 });
  try {
    await preparePostgres(db, options.databaseUrl);
    const pgTables = pgTablesByName();
    const plan = tablesInForeignKeyOrder(sqliteSchema).map((table) => {
      const twin = pgTables.get(getTableName(table));
      if (!twin) throw new Error(`the PostgreSQL schema has no table ${getTableName(table)}`);
      return { name: getTableName(table), table, twin };
    });
    const counts = await (db as unknown as PgTx).transaction(async (tx) => {
      await lockEmptyTarget(
        tx,
        plan.map((p) => p.twin),
      );
      for (const { name, table, twin } of plan) {
        try {
          for (const page of source.pages(table, batchSize(twin, options.batchRows ?? 500))) {
            await insertRows(tx, twin, page);
          }
        } catch (error) {
          throw new CopyRefusal(M.failed(name, reasonOf(error)));
        }
      }
      const counts: TableCount[] = [];
      for (const { name, table, twin } of plan) {
        counts.push({ table: name, source: source.count(table), target: await countRows(tx, twin) });
      }
      if (counts.some((c) => c.source !== c.target)) throw new CountsDifferError(counts);
      await advanceSequences(tx, source.issuedIds());
      return counts;
    });
    return { counts, ms: performance.now() - started };
  } catch (error) {
    if (error instanceof TargetNotEmptyError) throw new CopyRefusal(M.notEmpty(error.tables));
    throw error;
  } finally {
    source.close();
    await client.close();
  }
}

/**
 * The database's own words, first line only. drizzle wraps a failed query in an error quoting the
 * statement and its parameters, which would print the copied rows (stream keys, secrets) on screen.
 */
export function reasonOf(error: unknown): string {
  let inner = error;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  const message = inner instanceof Error ? inner.message : String(inner);
  return (message.split("\n")[0] ?? "").replace(/\.$/, "");
}
