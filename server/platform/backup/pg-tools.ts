import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { BACKUP } from "@shared/messages/backup";
import { BackupRefusal } from "./layout";

// PostgreSQL's own dump and restore programs, run with the connection in the environment: the
// password travels as PGPASSWORD, never on a command line (which every local user can read in
// /proc) and never in a log line.

const ROOT = "/usr/lib/postgresql";

/**
 * The newest installed copy of a PostgreSQL program: Debian keeps each major version under
 * /usr/lib/postgresql/<version>/bin, and a dump must come from the server's major version or a newer
 * one; else the one on the PATH. Refuses plainly when there is none.
 */
export function pgTool(name: "pg_dump" | "pg_restore"): string {
  const versions = existsSync(ROOT)
    ? readdirSync(ROOT)
        .filter((v) => existsSync(join(ROOT, v, "bin", name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const found = versions[0] ? join(ROOT, versions[0], "bin", name) : Bun.which(name);
  if (!found) throw new BackupRefusal(BACKUP.pgToolMissing(name));
  return found;
}

/** libpq's variables for what a connection URL names; only these reach the program. */
export function pgEnvironment(databaseUrl: string): Record<string, string> {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new BackupRefusal(BACKUP.badDatabaseUrl);
  }
  const env: Record<string, string> = {};
  const set = (key: string, value: string | null | undefined) => {
    if (value) env[key] = value;
  };
  set("PGHOST", url.hostname.replace(/^\[(.*)\]$/, "$1"));
  set("PGPORT", url.port);
  set("PGUSER", decodeURIComponent(url.username));
  set("PGPASSWORD", decodeURIComponent(url.password));
  set("PGDATABASE", decodeURIComponent(url.pathname.replace(/^\//, "")));
  // What the URL may add in its query, as libpq reads it from the environment.
  const params: Record<string, string> = {
    host: "PGHOST",
    port: "PGPORT",
    sslmode: "PGSSLMODE",
    sslrootcert: "PGSSLROOTCERT",
    sslcert: "PGSSLCERT",
    sslkey: "PGSSLKEY",
    connect_timeout: "PGCONNECT_TIMEOUT",
  };
  for (const [param, key] of Object.entries(params)) set(key, url.searchParams.get(param));
  return env;
}

/** The variables a child needs to run at all, without the server's own secrets. */
function baseEnvironment(): Record<string, string> {
  const keep = ["PATH", "HOME", "LANG", "LC_ALL", "TZ"];
  return Object.fromEntries(keep.flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])));
}

/** Runs a PostgreSQL program against the URL's database; rejects with its last lines when it fails. */
export async function runPgTool(cmd: string[], databaseUrl: string): Promise<void> {
  const proc = Bun.spawn(cmd, {
    env: { ...baseEnvironment(), ...pgEnvironment(databaseUrl) },
    stdin: "ignore",
    stdout: "ignore",
    stderr: "pipe",
  });
  const [stderr, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
  if (code === 0) return;
  const name = cmd[0]?.split("/").pop() ?? "";
  if (stderr.includes("server version mismatch")) throw new BackupRefusal(BACKUP.pgToolTooOld(name, cmd[0]!));
  const last = stderr.trim().split("\n").slice(-2).join(" ");
  throw new Error(BACKUP.pgToolFailed(name, code, last));
}

/**
 * The database as one consistent moment, in pg_dump's custom format (compressed, restored with
 * pg_restore, which can also pick tables out of it). pg_dump reads under one snapshot while the
 * nodes go on writing.
 */
export function dumpDatabase(databaseUrl: string, to: string): Promise<void> {
  return runPgTool([pgTool("pg_dump"), "--format=custom", "--no-password", `--file=${to}`], databaseUrl);
}

/**
 * Loads a dump into the URL's database, which must be empty (a new one, `createdb` or CREATE
 * DATABASE): one transaction, so a failure leaves it as it was. Objects are owned by the URL's user.
 */
export function restoreDatabase(databaseUrl: string, from: string): Promise<void> {
  return runPgTool(
    [
      pgTool("pg_restore"),
      "--no-password",
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      `--dbname=${pgEnvironment(databaseUrl).PGDATABASE ?? "postgres"}`,
      from,
    ],
    databaseUrl,
  );
}
