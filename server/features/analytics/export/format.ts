// How one exported row is written: CSV (RFC 4180) or JSON. Money is stored in integer cents; the
// CSV shows dollars with two decimals (what a spreadsheet user reads), the JSON keeps the cents.

export type Cell = string | number | null;

export interface ExportColumn<R> {
  /** The CSV header and JSON key, snake_case. Money columns carry their unit: `_usd` / `_cents`. */
  name: string;
  /** Integer cents: written as dollars in CSV (`<name>_usd`) and cents in JSON (`<name>_cents`). */
  money?: true;
  /** Free text (names): guarded against spreadsheet formulas in CSV. */
  text?: true;
  value: (row: R) => Cell;
}

/** 1234 → "12.34", -5 → "-0.05": exact integer arithmetic, no floating point. */
export function dollars(cents: number): string {
  const abs = Math.abs(Math.trunc(cents));
  const sign = cents < 0 ? "-" : "";
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * A spreadsheet runs a cell starting with = + - @ (or tab/CR) as a formula: a game or package name
 * from Steam could do that to whoever opens the file. Such text gets a leading apostrophe.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** RFC 4180: a field with a comma, quote, CR or LF is quoted, and its quotes are doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export const headerName = <R>(c: ExportColumn<R>, format: "csv" | "json") =>
  c.money ? `${c.name}_${format === "csv" ? "usd" : "cents"}` : c.name;

export function csvHeader<R>(columns: ExportColumn<R>[]): string {
  return `${columns.map((c) => csvField(headerName(c, "csv"))).join(",")}\r\n`;
}

export function csvLine<R>(columns: ExportColumn<R>[], row: R): string {
  const cells = columns.map((c) => {
    const v = c.value(row);
    if (v === null) return "";
    if (c.money) return dollars(Number(v));
    const s = String(v);
    return csvField(c.text && FORMULA_START.test(s) ? `'${s}` : s);
  });
  return `${cells.join(",")}\r\n`;
}

export function jsonObject<R>(columns: ExportColumn<R>[], row: R): string {
  const out: Record<string, Cell> = {};
  for (const c of columns) out[headerName(c, "json")] = c.value(row);
  return JSON.stringify(out);
}

/** Steam app, and the dates both included (YYYY-MM-DD). */
export interface ExportRange {
  appId: number;
  from: string;
  to: string;
}
