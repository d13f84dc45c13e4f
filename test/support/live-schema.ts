import type { Database } from "bun:sqlite";
import type { SQL } from "bun";
import type { SchemaShape } from "./schema-shape";

/**
 * The schema a real database holds once its migrations ran, in the shape of ./schema-shape.ts:
 * SQLite's from PRAGMA table_info / index_list, PostgreSQL's from information_schema and pg_indexes.
 * Types are compared by SQLite's storage class, the one both sides can be read as. Foreign keys are
 * left to the schema comparison.
 */

/** PostgreSQL column types by the SQLite storage class that holds the same values. */
const PG_TO_SQLITE: Record<string, string> = {
  integer: "integer",
  bigint: "integer",
  boolean: "integer",
  text: "text",
  jsonb: "text",
  json: "text",
  "double precision": "real",
};

/** The migrator's own bookkeeping, not part of the schema. */
const SQLITE_BOOKKEEPING = new Set(["__drizzle_migrations"]);

export function sqliteLiveShape(db: Database): SchemaShape {
  const out: SchemaShape = {};
  const tables = db
    .query<{ name: string }, []>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all()
    .map((t) => t.name)
    .filter((t) => !SQLITE_BOOKKEEPING.has(t));
  for (const table of tables) {
    const info = db
      .query<{ name: string; type: string; notnull: number; pk: number }, []>(
        `SELECT name, type, "notnull", pk FROM pragma_table_info('${table}')`,
      )
      .all();
    const indexes = db
      .query<{ name: string; unique: number; origin: string }, []>(
        `SELECT name, "unique", origin FROM pragma_index_list('${table}')`,
      )
      .all()
      .filter((i) => i.origin !== "pk")
      .map((i) => `${i.unique ? "unique " : ""}${i.name}`);
    out[table] = {
      columns: Object.fromEntries(
        info.map((c) => [c.name, `${c.type.toLowerCase()}${c.notnull ? " not null" : ""}`]),
      ),
      primaryKey: info
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
      foreignKeys: [],
      indexes: indexes.sort(),
    };
  }
  return out;
}

export async function pgLiveShape(sql: SQL): Promise<SchemaShape> {
  const out: SchemaShape = {};
  const columns: { table_name: string; column_name: string; data_type: string; is_nullable: string }[] =
    await sql`SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
      WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`;
  for (const c of columns) {
    out[c.table_name] ??= { columns: {}, primaryKey: [], foreignKeys: [], indexes: [] };
    const type = PG_TO_SQLITE[c.data_type] ?? `unmapped ${c.data_type}`;
    out[c.table_name]!.columns[c.column_name] = `${type}${c.is_nullable === "NO" ? " not null" : ""}`;
  }
  const keys: { table_name: string; column_name: string }[] =
    await sql`SELECT k.table_name, k.column_name FROM information_schema.table_constraints c
      JOIN information_schema.key_column_usage k
        ON k.constraint_schema = c.constraint_schema AND k.constraint_name = c.constraint_name
      WHERE c.constraint_type = 'PRIMARY KEY' AND c.table_schema = 'public'
      ORDER BY k.table_name, k.ordinal_position`;
  for (const k of keys) out[k.table_name]?.primaryKey.push(k.column_name);
  const indexes: { table_name: string; index_name: string; unique: boolean }[] =
    await sql`SELECT t.relname AS table_name, i.relname AS index_name, x.indisunique AS unique
      FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public' AND NOT x.indisprimary ORDER BY i.relname`;
  for (const i of indexes) out[i.table_name]?.indexes.push(`${i.unique ? "unique " : ""}${i.index_name}`);
  for (const t of Object.values(out)) t.indexes.sort();
  return out;
}
