import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migratePgDb, openDb, openPgDb } from "@server/platform/db/client";
import * as sqliteSchema from "@server/platform/db/schema/tables";
import * as pgSchema from "@server/platform/db/schema-pg";
import { copyConsoleToPostgres } from "@server/platform/db/to-postgres/copy-console";
import { countLines } from "@server/platform/db/to-postgres/count-report";
import { pgTablesByName } from "@server/platform/db/to-postgres/pg-target";
import { tablesInForeignKeyOrder } from "@server/platform/db/to-postgres/table-order";
import { main } from "@server/tools/migrate-to-postgres";
import { MIGRATE_TO_POSTGRES as M } from "@shared/messages/migrate-to-postgres";
import { BIG_SIZE, FAR_TIME, fillEveryTable, SAMPLE_ROWS } from "@test/support/console-rows";
import { type PgServer, startPostgres } from "@test/support/postgres";
import { SQL } from "bun";
import { getTableName } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/bun-sql";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { type AnySQLiteColumn, integer, sqliteTable } from "drizzle-orm/sqlite-core";

const ROOT = join(import.meta.dir, "..", "..", "..");
const TABLES = tablesInForeignKeyOrder(sqliteSchema);

let pg: PgServer;
let work: string;
/** DATA_DIR of a console with rows in every table, closed (as a stopped console leaves it). */
let dataDir: string;

// initdb and a first start take seconds, more on a busy machine: the hook gets its own time.
beforeAll(async () => {
  pg = await startPostgres();
  work = mkdtempSync(join(tmpdir(), "migrate-pg-"));
  dataDir = join(work, "data");
  const { db, sqlite } = openDb(join(dataDir, "console.db"));
  await fillEveryTable(db);
  // Everything into the main file, so copying console.db alone copies the whole console.
  sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  sqlite.close();
}, 60_000);

afterAll(async () => {
  await pg?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A copy of the filled console in a new DATA_DIR, to change without touching the shared one. */
function consoleCopy(name: string): string {
  const dir = join(work, name);
  mkdirSync(dir);
  copyFileSync(join(dataDir, "console.db"), join(dir, "console.db"));
  return dir;
}

async function runMain(env: Record<string, string | undefined>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    { ...process.env, DATABASE_URL: undefined, DATA_DIR: undefined, ...env },
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out, err };
}

/** Rows compared whatever order each database returns them in. */
function sorted(rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const key = (r: Record<string, unknown>) =>
    JSON.stringify(
      Object.keys(r)
        .sort()
        .map((k) => [k, r[k]]),
    );
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Every table's rows, read through the SQLite schema as the services read them. */
function sqliteRows(file: string): Map<string, Record<string, unknown>[]> {
  const sqlite = new Database(file, { readonly: true });
  try {
    const db = drizzle({ client: sqlite });
    return new Map(TABLES.map((t) => [getTableName(t), sorted(db.select().from(t).all())]));
  } finally {
    sqlite.close();
  }
}

/** The tables in the file itself, SQLite's and drizzle's bookkeeping left out. */
function liveTables(file: string): string[] {
  const sqlite = new Database(file, { readonly: true });
  try {
    const rows = sqlite
      .query(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'",
      )
      .all() as { name: string }[];
    return rows.map((r) => r.name).sort();
  } finally {
    sqlite.close();
  }
}

/** Every table's rows, read through the pg schema as the services read them on PostgreSQL. */
async function pgRows(url: string): Promise<Map<string, Record<string, unknown>[]>> {
  const client = new SQL({ url, max: 1 });
  try {
    const db = drizzlePg({ client });
    const out = new Map<string, Record<string, unknown>[]>();
    for (const [name, table] of pgTablesByName()) out.set(name, sorted(await db.select().from(table)));
    return out;
  } finally {
    await client.close();
  }
}

async function rowCounts(url: string): Promise<Record<string, number>> {
  const rows = await pgRows(url);
  return Object.fromEntries([...rows].map(([name, r]) => [name, r.length]));
}

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 1));
    });
  });
}

describe("npm run migrate-to-postgres", () => {
  test("copies every table of a console into an empty database, ids and values kept", async () => {
    const url = await pg.createDatabase();
    const source = join(dataDir, "console.db");
    const before = readFileSync(source);
    // As an operator runs it: the npm script, DATA_DIR and DATABASE_URL from the environment.
    const proc = Bun.spawn(["bun", "run", "--silent", "migrate-to-postgres"], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: url },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [out, err, code] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ]);
    expect(err).toBe("");
    expect(code).toBe(0);
    const lines = out.trim().split("\n");
    expect(lines[0]).toMatch(/^table\s+SQLite\s+PostgreSQL$/);
    expect(lines.at(-1)).toMatch(/^Copied \d+ rows of \d+ tables from .+ in [\d.]+ s\. The media files/);
    // Every table the console's file holds is listed with the same count on both sides, none empty.
    const expected = sqliteRows(source);
    expect([...expected.keys()].sort()).toEqual(liveTables(source));
    expect(expected.size).toBeGreaterThan(30);
    for (const [name, rows] of expected) {
      expect(rows.length).toBeGreaterThan(0);
      expect(lines).toContainEqual(
        expect.stringMatching(new RegExp(`^${name}\\s+${rows.length}\\s+${rows.length}$`)),
      );
    }
    expect(lines.length).toBe(expected.size + 2);
    // The last line names both sides, the password left out.
    expect(lines.at(-1)).toContain(`from ${source} into ${url.replace(/:[^:@/]+@/, ":***@")} in `);
    // Field by field, read back through each schema.
    const copied = await pgRows(url);
    expect([...copied.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [name, rows] of expected) expect({ name, rows: copied.get(name) }).toEqual({ name, rows });
    // Read-only: the console's file is byte for byte what it was.
    expect(readFileSync(source).equals(before)).toBe(true);
  }, 60_000);

  test("stores booleans, JSON and long numbers as PostgreSQL types, not as text or 0/1", async () => {
    const url = await pg.createDatabase();
    expect((await runMain({ DATA_DIR: dataDir, DATABASE_URL: url })).code).toBe(0);
    const client = new SQL({ url, max: 1 });
    try {
      const [media] = await client`SELECT steam_ready, jsonb_typeof(steam_reasons) AS reasons, file_size
        FROM media_files WHERE kind = 'image'`;
      expect(media.steam_ready).toBe(false);
      expect(media.reasons).toBe("array");
      const [job] = await client`SELECT jsonb_typeof(result) AS result, result->'nested'->>'ok' AS ok
        FROM jobs WHERE status = 'done'`;
      expect(job).toEqual({ result: "object", ok: "true" });
      const [video] =
        await client`SELECT file_size::text AS size, created_at FROM media_files WHERE kind = 'video'`;
      expect(video.size).toBe(String(BIG_SIZE));
      const [user] = await client`SELECT last_login::text AS at, is_active FROM users WHERE role = 'admin'`;
      expect(user).toEqual({ at: String(FAR_TIME), is_active: true });
      const [samples] = await client`SELECT count(*)::int AS n FROM steam_player_samples`;
      expect(samples.n).toBe(SAMPLE_ROWS);
    } finally {
      await client.close();
    }
  });

  test("the next insert gets a fresh id, never one a deleted row had", async () => {
    const url = await pg.createDatabase();
    expect((await runMain({ DATA_DIR: dataDir, DATABASE_URL: url })).code).toBe(0);
    const sqlite = new Database(join(dataDir, "console.db"), { readonly: true });
    const issued = sqlite.query("SELECT seq FROM sqlite_sequence WHERE name = 'organizations'").get() as {
      seq: number;
    };
    const maxOrg = (sqlite.query("SELECT max(id) AS id FROM organizations").get() as { id: number }).id;
    sqlite.close();
    // The filled console deleted its newest organization: SQLite would not hand that id out again.
    expect(issued.seq).toBeGreaterThan(maxOrg);
    const { db, client } = openPgDb(url, { max: 1 });
    try {
      const pgDb = db as unknown as ReturnType<typeof drizzlePg<typeof pgSchema>>;
      const [org] = await pgDb
        .insert(pgSchema.organizations)
        .values({ name: "New", slug: "new" })
        .returning({ id: pgSchema.organizations.id });
      expect(org!.id).toBe(issued.seq + 1);
      const maxSample = await client`SELECT max(id) AS id FROM steam_player_samples`;
      const [sample] = await pgDb
        .insert(pgSchema.steamPlayerSamples)
        .values({ appId: 1, sampledAt: 1, playerCount: 1 })
        .returning({ id: pgSchema.steamPlayerSamples.id });
      expect(sample!.id).toBe(Number(maxSample[0].id) + 1);
      // Every identity column of the database moves on past its table's ids.
      const identities = await client`SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND is_identity = 'YES'`;
      expect(identities.length).toBeGreaterThan(10);
      for (const { table_name, column_name } of identities) {
        const [row] = await client.unsafe(
          `SELECT nextval(pg_get_serial_sequence('"${table_name}"', '${column_name}')) AS next,
             (SELECT coalesce(max("${column_name}"), 0) FROM "${table_name}") AS max`,
        );
        expect({ table_name, fresh: Number(row.next) > Number(row.max) }).toEqual({
          table_name,
          fresh: true,
        });
      }
    } finally {
      await client.close();
    }
  });

  test("a database already holding console data is refused and left as it was", async () => {
    const url = await pg.createDatabase();
    expect((await runMain({ DATA_DIR: dataDir, DATABASE_URL: url })).code).toBe(0);
    const before = await pgRows(url);
    const again = await runMain({ DATA_DIR: dataDir, DATABASE_URL: url });
    expect(again.code).toBe(1);
    expect(again.out).toEqual([]);
    expect(again.err).toHaveLength(1);
    // Every table holds a row: the first three are named, the rest counted.
    const more = pgTablesByName().size - 3;
    expect(again.err[0]).toStartWith(
      `The PostgreSQL database already holds console data (in leader_leases, login_attempts, nodes and ${more} more tables): copy only`,
    );
    expect(await pgRows(url)).toEqual(before);
  });

  test("one row in one table is enough to refuse: a node started on the database by mistake", async () => {
    const url = await pg.createDatabase();
    const { db, client } = openPgDb(url, { max: 1 });
    await migratePgDb(db);
    await client`INSERT INTO nodes (name, started_at, last_heartbeat_at) VALUES ('early', 1, 1)`;
    await client.close();
    const run = await runMain({ DATA_DIR: dataDir, DATABASE_URL: url });
    expect(run).toEqual({ code: 1, out: [], err: [M.notEmpty(["nodes"])] });
    const counts = await rowCounts(url);
    expect(Object.entries(counts).filter(([, n]) => n > 0)).toEqual([["nodes", 1]]);
  });

  test("a failure in the middle of the copy leaves the database empty, and prints no copied values", async () => {
    const dir = consoleCopy("orphan");
    // A row SQLite kept while its foreign keys were off: PostgreSQL refuses it, late in the copy.
    const sqlite = new Database(join(dir, "console.db"));
    sqlite.exec("PRAGMA foreign_keys = OFF");
    sqlite.exec(`INSERT INTO webhook_deliveries (webhook_id, event, payload, next_attempt_at, created_at)
      VALUES (9999, 'stream.started', 'SECRET-PAYLOAD', 1, 1)`);
    sqlite.close();
    const names = TABLES.map(getTableName);
    expect(names.indexOf("webhook_deliveries")).toBeGreaterThan(names.length / 2);
    const url = await pg.createDatabase();
    const run = await runMain({ DATA_DIR: dir, DATABASE_URL: url });
    expect(run.code).toBe(1);
    expect(run.out).toEqual([]);
    expect(run.err).toHaveLength(1);
    expect(run.err[0]).toStartWith("Copying webhook_deliveries failed: ");
    expect(run.err[0]).toContain("foreign key");
    expect(run.err[0]).toEndWith("Nothing was kept in PostgreSQL.");
    expect(`${run.out}${run.err}`).not.toContain("SECRET-PAYLOAD");
    expect(`${run.out}${run.err}`).not.toContain("sk_live_secret");
    // Migrated, and every table empty: the earlier tables' rows went with the transaction.
    const counts = await rowCounts(url);
    expect(Object.keys(counts).length).toBe(names.length);
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
    // Fixed, the same database takes the copy.
    const fixed = new Database(join(dir, "console.db"));
    fixed.exec("DELETE FROM webhook_deliveries WHERE webhook_id = 9999");
    fixed.close();
    expect((await runMain({ DATA_DIR: dir, DATABASE_URL: url })).code).toBe(0);
  });

  test("an unreachable database is one line, without its password", async () => {
    const url = `postgres://console:s3cret-pw@127.0.0.1:${await closedPort()}/console`;
    const run = await runMain({ DATA_DIR: dataDir, DATABASE_URL: url });
    expect(run.code).toBe(1);
    expect(run.out).toEqual([]);
    expect(run.err).toHaveLength(1);
    expect(run.err[0]).toStartWith("Cannot reach the database at postgres://console:***@127.0.0.1:");
    expect(run.err[0]).not.toContain("\n");
    expect(`${run.out}${run.err}`).not.toContain("s3cret-pw");
  });

  test("refuses without a PostgreSQL URL, without a console, or with an outdated console", async () => {
    const url = await pg.createDatabase();
    expect(await runMain({ DATA_DIR: dataDir })).toEqual({ code: 1, out: [], err: [M.noUrl] });
    expect(await runMain({ DATA_DIR: dataDir, DATABASE_URL: "mysql://u:p@127.0.0.1/console" })).toEqual({
      code: 1,
      out: [],
      err: [M.notPostgres],
    });
    const empty = join(work, "no-console");
    mkdirSync(empty);
    expect(await runMain({ DATA_DIR: empty, DATABASE_URL: url })).toEqual({
      code: 1,
      out: [],
      err: [M.noDatabase(join(empty, "console.db"))],
    });

    const old = consoleCopy("outdated");
    const sqlite = new Database(join(old, "console.db"));
    sqlite.exec(
      "DELETE FROM __drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM __drizzle_migrations)",
    );
    sqlite.close();
    expect(await runMain({ DATA_DIR: old, DATABASE_URL: url })).toEqual({
      code: 1,
      out: [],
      err: [M.outdated(join(old, "console.db"))],
    });
    // None of them touched the target: not even its migrations ran.
    const client = new SQL({ url, max: 1 });
    const [tables] =
      await client`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`;
    await client.close();
    expect(tables.n).toBe(0);
  });

  test("copies one snapshot while the console still writes, in small batches", async () => {
    const dir = consoleCopy("live");
    const file = join(dir, "console.db");
    const expected = sqliteRows(file);
    // A running console in the middle of a write: the copy neither waits for it nor sees it.
    const { sqlite: writer } = openDb(file);
    writer.exec("BEGIN IMMEDIATE");
    writer.exec("INSERT INTO organizations (name, slug) VALUES ('Mid-write', 'mid-write')");
    writer.exec("INSERT INTO steam_player_samples (app_id, sampled_at, player_count) VALUES (1, 1, 1)");
    try {
      const url = await pg.createDatabase();
      const { counts } = await copyConsoleToPostgres({ sqliteFile: file, databaseUrl: url, batchRows: 7 });
      for (const c of counts)
        expect(c).toEqual({ table: c.table, source: expected.get(c.table)!.length, target: c.source });
      expect(await pgRows(url)).toEqual(expected);
    } finally {
      writer.exec("ROLLBACK");
      writer.close();
    }
  });
});

describe("the copy's order and report", () => {
  test("every table comes after the tables its foreign keys name", () => {
    const names = TABLES.map(getTableName);
    expect(new Set(names).size).toBe(names.length);
    expect(names.indexOf("organizations")).toBeLessThan(names.indexOf("users"));
    expect(names.indexOf("users")).toBeLessThan(names.indexOf("projects"));
    expect(names.indexOf("media_files")).toBeLessThan(names.indexOf("media_preparations"));
    expect(names.indexOf("playlists")).toBeLessThan(names.indexOf("streams"));
    expect(names.indexOf("streams")).toBeLessThan(names.indexOf("health_samples"));
    expect(names.indexOf("webhooks")).toBeLessThan(names.indexOf("webhook_deliveries"));
  });

  test("a table added to the schema is copied, in its place", () => {
    const clips = sqliteTable("clips", {
      id: integer("id").primaryKey(),
      streamId: integer("stream_id").references(() => sqliteSchema.streams.id),
    });
    // Listed first, it still goes after streams.
    const names = tablesInForeignKeyOrder({ clips, ...sqliteSchema }).map(getTableName);
    expect(names).toContain("clips");
    expect(names.indexOf("clips")).toBeGreaterThan(names.indexOf("streams"));
  });

  test("foreign keys going round in a circle are reported, not copied half", () => {
    const a = sqliteTable("a", {
      id: integer("id").primaryKey(),
      b: integer("b").references((): AnySQLiteColumn => b.id),
    });
    const b = sqliteTable("b", {
      id: integer("id").primaryKey(),
      a: integer("a").references((): AnySQLiteColumn => a.id),
    });
    expect(() => tablesInForeignKeyOrder({ a, b })).toThrow("the foreign keys between a, b form a cycle");
  });

  test("a count that differs is marked", () => {
    expect(
      countLines([
        { table: "users", source: 3, target: 3 },
        { table: "steam_player_samples", source: 1234, target: 1233 },
      ]),
    ).toEqual([
      "table                 SQLite  PostgreSQL",
      "users                      3           3",
      "steam_player_samples    1234        1233  differs",
    ]);
  });
});
