import { getTableName, is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * Every table of a SQLite schema, each after the tables its foreign keys name, so rows can be
 * inserted table by table without breaking a reference. Read from the schema itself, so a table added
 * later is copied in its right place without anyone listing it. Ties keep the schema's own order,
 * which makes the order the same on every run.
 */
export function tablesInForeignKeyOrder(schema: Record<string, unknown>): SQLiteTable[] {
  const tables = [...new Set(Object.values(schema).filter((t): t is SQLiteTable => is(t, SQLiteTable)))];
  const byName = new Map(tables.map((t) => [getTableName(t), t]));
  const needs = new Map(
    tables.map((t) => {
      const referenced = getTableConfig(t).foreignKeys.map((fk) => getTableName(fk.reference().foreignTable));
      // A table pointing at itself needs no other table first; its rows go in the order they were
      // written (rowid), which puts a referenced row before the rows that name it.
      return [getTableName(t), new Set(referenced.filter((name) => name !== getTableName(t)))];
    }),
  );
  for (const [name, referenced] of needs) {
    for (const other of referenced) {
      if (!byName.has(other)) throw new Error(`${name} references ${other}, which is not in the schema`);
    }
  }
  const ordered: SQLiteTable[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.find(
      (t) => !placed.has(getTableName(t)) && [...needs.get(getTableName(t))!].every((n) => placed.has(n)),
    );
    if (!ready) {
      const left = tables.map(getTableName).filter((n) => !placed.has(n));
      throw new Error(`the foreign keys between ${left.join(", ")} form a cycle: no order copies them`);
    }
    ordered.push(ready);
    placed.add(getTableName(ready));
  }
  return ordered;
}
