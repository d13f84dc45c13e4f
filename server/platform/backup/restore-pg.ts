import { BACKUP } from "@shared/messages/backup";
import { SQL } from "bun";
import { BackupRefusal } from "./layout";
import { restoreDatabase } from "./pg-tools";

// The database half of restoring a PostgreSQL backup: its dump goes into a new, empty database.

async function withClient<T>(databaseUrl: string, fn: (sql: SQL) => Promise<T>): Promise<T> {
  const sql = new SQL({ url: databaseUrl, max: 1, connectionTimeout: 10 });
  try {
    return await fn(sql);
  } finally {
    await sql.close();
  }
}

/** Refuses a database that already holds tables: a restore never overwrites a live console. */
export async function refuseUnlessEmptyDatabase(databaseUrl: string): Promise<void> {
  const [row] = await withClient(
    databaseUrl,
    (sql) =>
      sql`select count(*)::int as n from information_schema.tables
          where table_schema not in ('pg_catalog', 'information_schema')` as Promise<{ n: number }[]>,
  );
  if ((row?.n ?? 0) > 0) throw new BackupRefusal(BACKUP.databaseNotEmpty);
}

/**
 * Loads the dump (one transaction: a failure leaves the database empty), then forgets the process
 * ids it holds: they belong to the machine and moment of the backup, and the first start must kill
 * nothing of this machine.
 */
export async function restorePgDump(databaseUrl: string, dump: string): Promise<void> {
  await restoreDatabase(databaseUrl, dump);
  await withClient(databaseUrl, async (sql) => {
    await sql`update streams set pid = null where pid is not null`;
    await sql`update media_preparations set pid = null where pid is not null`;
  });
}
