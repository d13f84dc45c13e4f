import type { Database } from "bun:sqlite";
import { TransactionRollbackError } from "drizzle-orm";
import type { BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import type { Db } from "./db";

/**
 * drizzle's bun:sqlite transactions run their callback synchronously: an async callback would be
 * committed at its first await. The services' transactions are async (PostgreSQL's are), so on SQLite
 * they run one at a time here: BEGIN IMMEDIATE, the awaited callback, then COMMIT or ROLLBACK. The
 * callback gets the same connection (SQLite has one); a nested transaction joins the outer one.
 */
export function serialTransactions<S extends Record<string, unknown>>(
  db: BunSQLiteDatabase<S>,
  sqlite: Database,
): Db {
  const base = db as unknown as Db;
  let queue: Promise<unknown> = Promise.resolve();
  const tx = Object.create(base) as Db & { rollback(): never };
  Object.assign(tx, {
    transaction: (fn: (inner: typeof tx) => Promise<unknown>) => fn(tx),
    rollback: () => {
      throw new TransactionRollbackError();
    },
  });
  const transaction = (fn: (t: typeof tx) => Promise<unknown>) => {
    const run = queue.then(async () => {
      sqlite.exec("BEGIN IMMEDIATE");
      try {
        const result = await fn(tx);
        sqlite.exec("COMMIT");
        return result;
      } catch (error) {
        sqlite.exec("ROLLBACK");
        throw error;
      }
    });
    queue = run.catch(() => undefined);
    return run;
  };
  return Object.assign(base, { transaction }) as Db;
}
