import { TEMPLATE_DATABASE } from "./pg-mode";
import { startPostgres } from "./postgres";

/**
 * Runs before any test file imports the console's tables, so the tables chosen by DATABASE_URL are
 * PostgreSQL's: starts the private server, migrates the template every test database is copied from.
 */
export async function preparePostgresTests(): Promise<void> {
  const server = await startPostgres({ maxConnections: 2000 });
  process.once("exit", () => void server.stop());
  await createTemplate(server.url("postgres"));
  process.env.TEST_PG_SERVER_URL = server.url("postgres");
  // Read once, here, to fix the dialect (and so the tables) for the whole test process; then gone, so
  // no server a test starts inherits the template: spawnServer gives each one a database of its own.
  process.env.DATABASE_URL = server.url(TEMPLATE_DATABASE);
  await import("@server/platform/db/dialect");
  delete process.env.DATABASE_URL;
  const { openPgDb, migratePgDb } = await import("@server/platform/db/client");
  const { db, client } = openPgDb(server.url(TEMPLATE_DATABASE), { max: 1 });
  await migratePgDb(db);
  await client.close();
}

async function createTemplate(adminUrl: string) {
  const { SQL } = await import("bun");
  const admin = new SQL({ url: adminUrl, max: 1 });
  await admin.unsafe(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.close();
}
