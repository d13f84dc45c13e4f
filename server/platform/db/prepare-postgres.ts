import { type Db, migratePgDb } from "@server/platform/db/client";
import { sql } from "drizzle-orm";

/** Why a database could not be used, in one line an operator can act on (the URL's password left out). */
export class DatabaseUnreachableError extends Error {}

export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "DATABASE_URL";
  }
}

/**
 * Checks the database answers and is PostgreSQL 15 or later, then applies pending migrations. drizzle
 * applies them in one transaction, so when nodes start together the loser of the race fails, rolls
 * back, and on its next try finds them applied.
 */
export async function preparePostgres(db: Db, url: string): Promise<void> {
  const pg = db as unknown as { execute(query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> };
  let version: number;
  try {
    const rows = await pg.execute(sql`select current_setting('server_version_num')::int as v`);
    version = Number(rows[0]?.v);
  } catch (error) {
    const reason = (error as Error).message.split("\n")[0];
    throw new DatabaseUnreachableError(`Cannot reach the database at ${withoutPassword(url)}: ${reason}`);
  }
  if (!(version >= 150000)) {
    throw new DatabaseUnreachableError(
      `The database at ${withoutPassword(url)} is PostgreSQL ${version}; 15 or later is needed`,
    );
  }
  for (let attempt = 1; ; attempt++) {
    try {
      await migratePgDb(db);
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      await Bun.sleep(500 * attempt);
    }
  }
}
