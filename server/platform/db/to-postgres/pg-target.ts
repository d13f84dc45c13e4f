import * as pgSchema from "@server/platform/db/schema-pg";
import { getTableColumns, getTableName, is, type SQL, sql } from "drizzle-orm";
import type { PgDatabase, PgTable } from "drizzle-orm/pg-core";
import { PgTable as PgTableClass } from "drizzle-orm/pg-core";
import type { Row } from "./sqlite-source";

/** PostgreSQL takes at most 65535 parameters in one statement; a batch stays well below. */
const MAX_PARAMETERS = 60_000;

// biome-ignore lint/suspicious/noExplicitAny: the copy works on every table alike, whatever its columns.
export type PgTx = PgDatabase<any, any, any>;

export class TargetNotEmptyError extends Error {
  constructor(readonly tables: string[]) {
    super(`tables holding rows: ${tables.join(", ")}`);
  }
}

/** The console's PostgreSQL tables by name: the twin of each SQLite table. */
export function pgTablesByName(): Map<string, PgTable> {
  const tables = (Object.values(pgSchema) as unknown[]).filter((t): t is PgTable => is(t, PgTableClass));
  return new Map(tables.map((t) => [getTableName(t), t]));
}

async function rows<T>(tx: PgTx, query: SQL): Promise<T[]> {
  return (await tx.execute(query)) as unknown as T[];
}

/**
 * Takes the console's tables for this transaction, so a console node started on the database by
 * mistake waits instead of writing beside the copy, then refuses a database already holding a row.
 */
export async function lockEmptyTarget(tx: PgTx, tables: PgTable[]): Promise<void> {
  const names = sql.join(
    tables.map((t) => sql.identifier(getTableName(t))),
    sql`, `,
  );
  await tx.execute(sql`LOCK TABLE ${names} IN EXCLUSIVE MODE`);
  const holding: string[] = [];
  for (const table of tables) {
    const [row] = await rows<{ any: boolean }>(
      tx,
      sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(getTableName(table))}) AS any`,
    );
    if (row?.any) holding.push(getTableName(table));
  }
  if (holding.length > 0) throw new TargetNotEmptyError(holding);
}

/** Rows per insert: `preferred`, or fewer for a wide table, to stay under the parameter limit. */
export function batchSize(table: PgTable, preferred: number): number {
  const columns = Object.keys(getTableColumns(table)).length;
  return Math.max(1, Math.min(preferred, Math.floor(MAX_PARAMETERS / Math.max(1, columns))));
}

/** Inserts rows as read through the SQLite schema: the pg columns map them to PostgreSQL's types. */
export async function insertRows(tx: PgTx, table: PgTable, batch: Row[]): Promise<void> {
  if (batch.length > 0) await tx.insert(table).values(batch);
}

export async function countRows(tx: PgTx, table: PgTable): Promise<number> {
  const [row] = await rows<{ n: number | string }>(
    tx,
    sql`SELECT count(*) AS n FROM ${sql.identifier(getTableName(table))}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Moves every identity (and serial) column's sequence past the largest id in its table, or past the
 * largest id SQLite ever issued for it (`issued`, by table) when that is higher: the ids were copied
 * as they were, so the sequences still stand at their start and the next insert would collide with
 * a copied row, or take the id of a deleted one that rows without a foreign key still name.
 */
export async function advanceSequences(tx: PgTx, issued: Map<string, number>): Promise<void> {
  const columns = await rows<{ table_name: string; column_name: string }>(
    tx,
    sql`SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema()
          AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')`,
  );
  for (const { table_name: table, column_name: column } of columns) {
    const quoted = `"${table.replaceAll('"', '""')}"`;
    await tx.execute(
      sql`SELECT setval(
            pg_get_serial_sequence(${quoted}, ${column}),
            greatest(
              coalesce((SELECT max(${sql.identifier(column)}) FROM ${sql.identifier(table)}), 0),
              ${issued.get(table) ?? 0}::bigint
            ) + 1,
            false)`,
    );
  }
}
