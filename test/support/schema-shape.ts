import { getTableName, is } from "drizzle-orm";
import { PgTable, getTableConfig as pgTableConfig } from "drizzle-orm/pg-core";
import { SQLiteTable, getTableConfig as sqliteTableConfig } from "drizzle-orm/sqlite-core";

/**
 * What the two dialects' schemas must agree on, table by table, written as plain strings so a
 * difference reads as a line in the test's diff: columns (type class, nullability), the primary key,
 * foreign keys with their ON DELETE, and indexes.
 */
export type TableShape = {
  columns: Record<string, string>;
  primaryKey: string[];
  foreignKeys: string[];
  indexes: string[];
};
export type SchemaShape = Record<string, TableShape>;

/**
 * Column types grouped into the classes that hold the same TypeScript value: SQLite's integer is
 * PostgreSQL's integer or bigint (millisecond times), its real a double, its JSON text a jsonb.
 */
const TYPE_CLASS: Record<string, string> = {
  SQLiteInteger: "integer",
  SQLiteTimestamp: "integer",
  SQLiteBoolean: "boolean",
  SQLiteText: "text",
  SQLiteTextJson: "json",
  SQLiteReal: "real",
  PgInteger: "integer",
  PgBigInt53: "integer",
  PgSerial: "integer",
  PgBoolean: "boolean",
  PgText: "text",
  PgJson: "json",
  PgJsonb: "json",
  PgDoublePrecision: "real",
  // A custom column is classed by its SQL type (the pg schema's own jsonb).
  "PgCustomColumn:jsonb": "json",
};

type AnyConfig = ReturnType<typeof sqliteTableConfig> | ReturnType<typeof pgTableConfig>;

function shapeOf(config: AnyConfig): TableShape {
  const columns: Record<string, string> = {};
  const primaryKey: string[] = [];
  const indexes: string[] = [];
  for (const c of config.columns) {
    const key = c.columnType === "PgCustomColumn" ? `${c.columnType}:${c.getSQLType()}` : c.columnType;
    const type = TYPE_CLASS[key] ?? `unmapped ${key}`;
    columns[c.name] = `${type}${c.notNull ? " not null" : ""}`;
    if (c.primary) primaryKey.push(c.name);
    if (c.isUnique) indexes.push(`unique (${c.name})`);
  }
  for (const pk of config.primaryKeys) primaryKey.push(...pk.columns.map((c) => c.name));
  for (const u of config.uniqueConstraints)
    indexes.push(`unique (${u.columns.map((c) => c.name).join(", ")})`);
  for (const i of config.indexes) {
    const cols = i.config.columns.map((c) => ("name" in c ? c.name : "?")).join(", ");
    indexes.push(`${i.config.unique ? "unique " : ""}${i.config.name} (${cols})`);
  }
  const foreignKeys = config.foreignKeys.map((fk) => {
    const ref = fk.reference();
    const from = ref.columns.map((c) => c.name).join(", ");
    const to = ref.foreignColumns.map((c) => c.name).join(", ");
    return `(${from}) -> ${getTableName(ref.foreignTable)} (${to}) on delete ${fk.onDelete ?? "no action"}`;
  });
  return { columns, primaryKey, foreignKeys: foreignKeys.sort(), indexes: indexes.sort() };
}

export function sqliteShape(schema: Record<string, unknown>): SchemaShape {
  const out: SchemaShape = {};
  for (const t of Object.values(schema)) {
    if (is(t, SQLiteTable)) out[getTableName(t)] = shapeOf(sqliteTableConfig(t));
  }
  return out;
}

export function pgShape(schema: Record<string, unknown>): SchemaShape {
  const out: SchemaShape = {};
  for (const t of Object.values(schema)) {
    if (is(t, PgTable)) out[getTableName(t)] = shapeOf(pgTableConfig(t));
  }
  return out;
}

/** Every way two shapes differ, one line each; empty when they agree. */
export function shapeDifferences(a: SchemaShape, b: SchemaShape, names = ["sqlite", "pg"]): string[] {
  const out: string[] = [];
  const [an, bn] = names;
  for (const table of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = a[table];
    const y = b[table];
    if (!x || !y) {
      out.push(`${table}: only in ${x ? an : bn}`);
      continue;
    }
    for (const col of new Set([...Object.keys(x.columns), ...Object.keys(y.columns)])) {
      if (x.columns[col] !== y.columns[col]) {
        out.push(
          `${table}.${col}: ${an} ${x.columns[col] ?? "missing"}, ${bn} ${y.columns[col] ?? "missing"}`,
        );
      }
    }
    for (const key of ["primaryKey", "foreignKeys", "indexes"] as const) {
      const xs = JSON.stringify(x[key]);
      const ys = JSON.stringify(y[key]);
      if (xs !== ys) out.push(`${table} ${key}: ${an} ${xs}, ${bn} ${ys}`);
    }
  }
  return out.sort();
}
