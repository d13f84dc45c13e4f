import { spawnSync } from "node:child_process";

/**
 * With TEST_DATABASE=postgres the server suite runs on PostgreSQL: the preload starts a private server
 * and migrates a template database once, and each test's deps get a fresh copy of it, made here
 * synchronously (psql) because testDeps is synchronous.
 */
export const TEMPLATE_DATABASE = "console_template";

export function wantsPostgres(): boolean {
  return process.env.TEST_DATABASE === "postgres";
}

/** Set by the preload: a URL of the private server with the database name left for us to fill in. */
function serverUrl(database: string): string {
  const base = process.env.TEST_PG_SERVER_URL;
  if (!base) throw new Error("TEST_DATABASE=postgres, but the preload started no PostgreSQL server");
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A new database copied from the migrated template; its URL. */
export function createTestDatabase(): string {
  const name = `t_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;
  const made = spawnSync(
    "psql",
    [serverUrl("postgres"), "-qAtc", `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`],
    {
      encoding: "utf8",
    },
  );
  if (made.status !== 0) throw new Error(`could not create a test database: ${made.stderr}`);
  return serverUrl(name);
}
