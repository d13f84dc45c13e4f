import { MIGRATE_TO_POSTGRES as M } from "@shared/messages/migrate-to-postgres";

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

/** Each table's row count in SQLite and in PostgreSQL side by side, a differing one marked. */
export function countLines(counts: TableCount[]): string[] {
  const h = M.header;
  const nameWidth = Math.max(h.table.length, ...counts.map((c) => c.table.length));
  const sourceWidth = Math.max(h.source.length, ...counts.map((c) => String(c.source).length));
  const targetWidth = Math.max(h.target.length, ...counts.map((c) => String(c.target).length));
  const line = (table: string, source: string, target: string, mark = "") =>
    `${table.padEnd(nameWidth)}  ${source.padStart(sourceWidth)}  ${target.padStart(targetWidth)}${mark}`.trimEnd();
  return [
    line(h.table, h.source, h.target),
    ...counts.map((c) =>
      line(c.table, String(c.source), String(c.target), c.source === c.target ? "" : `  ${M.differs}`),
    ),
  ];
}
