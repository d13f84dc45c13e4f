import { dialect } from "@server/platform/db/dialect";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "./client";

/**
 * The few places where SQLite's and PostgreSQL's SQL differ, each written once here so the services
 * stay one code path.
 */

/**
 * Locks the rows a select reads until its transaction ends, on PostgreSQL (`FOR UPDATE`). SQLite has
 * no row locks and needs none: its transactions here are BEGIN IMMEDIATE, one writer at a time.
 */
export function forUpdate<Q>(query: Q): Q {
  if (dialect !== "postgres") return query;
  return (query as unknown as { for(strength: "update"): Q }).for("update");
}

/**
 * Like `forUpdate`, skipping rows another transaction holds (PostgreSQL's `FOR UPDATE SKIP LOCKED`).
 * With an outer join, `of` names the table whose rows are locked (the nullable side cannot be).
 */
export function forUpdateSkipLocked<Q>(query: Q, of?: unknown): Q {
  if (dialect !== "postgres") return query;
  const config = of ? { skipLocked: true, of } : { skipLocked: true };
  return (query as unknown as { for(strength: "update", config: unknown): Q }).for("update", config);
}

/** Rows of a raw statement: SQLite's `all`, PostgreSQL's `execute`. */
export async function rawRows<T>(db: Db, query: SQL): Promise<T[]> {
  if (dialect === "postgres") {
    return (await (db as unknown as { execute(q: SQL): Promise<T[]> }).execute(query)) as T[];
  }
  return (await db.all(query)) as T[];
}

/** Runs a raw statement for its effect. */
export async function rawRun(db: Db, query: SQL): Promise<void> {
  if (dialect === "postgres") await (db as unknown as { execute(q: SQL): Promise<unknown> }).execute(query);
  else await db.run(query);
}

/** The larger of two values: SQLite's scalar `max(a, b)`, PostgreSQL's `greatest(a, b)`. */
export function greatest(a: SQLWrapper | number, b: SQLWrapper | number): SQL {
  return dialect === "postgres" ? sql`greatest(${a}, ${b})` : sql`max(${a}, ${b})`;
}

/**
 * `column LIKE pattern ESCAPE '\'`, ignoring case (SQLite's LIKE already ignores ASCII case;
 * PostgreSQL's needs ILIKE).
 */
export function likeIgnoringCase(column: SQLWrapper, pattern: string): SQL {
  return dialect === "postgres"
    ? sql`${column} ilike ${pattern} escape '\\'`
    : sql`${column} like ${pattern} escape '\\'`;
}

/**
 * Holds the lock named `name` until the transaction ends, so transactions that take it run one at a
 * time: a check over rows that may not exist yet (a count, "none live") then holds until the commit.
 * PostgreSQL's `pg_advisory_xact_lock`; nothing on SQLite, whose transactions already run one at a time.
 */
export async function lockUntilCommit(tx: Db, name: string): Promise<void> {
  if (dialect === "postgres") await rawRun(tx, sql`select pg_advisory_xact_lock(hashtext(${name}))`);
}
