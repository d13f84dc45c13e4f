import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { openDb } from "@server/platform/db/client";
import * as sqliteSchema from "@server/platform/db/schema/tables";
import * as pgSchema from "@server/platform/db/schema-pg";
import { pgLiveShape, sqliteLiveShape } from "@test/support/live-schema";
import { type PgServer, startPostgres } from "@test/support/postgres";
import { pgShape, shapeDifferences, sqliteShape } from "@test/support/schema-shape";
import { SQL } from "bun";
import type { Table } from "drizzle-orm";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/bun-sql";
import { migrate } from "drizzle-orm/bun-sql/migrator";
import { integer as pgInteger, pgTable } from "drizzle-orm/pg-core";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

const PG_MIGRATIONS = join(import.meta.dir, "../../../server/platform/db/migrations-pg");

// The rows the services read and write keep one TypeScript shape on both databases: a column whose
// type differs between the two schemas stops the type check here. Inserts are compared with every key
// required: SQLite lets an insert leave out a lone integer primary key (the row id), PostgreSQL does not.
type Rows<S, K extends "$inferSelect" | "$inferInsert"> = {
  [N in keyof S as S[N] extends Table ? N : never]: S[N] extends Table ? Required<S[N][K]> : never;
};
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const selectRowsMatch: Same<
  Rows<typeof sqliteSchema, "$inferSelect">,
  Rows<typeof pgSchema, "$inferSelect">
> = true;
const insertRowsMatch: Same<
  Rows<typeof sqliteSchema, "$inferInsert">,
  Rows<typeof pgSchema, "$inferInsert">
> = true;

describe("the SQLite and PostgreSQL schemas", () => {
  test("hold the same tables, columns, keys and indexes", () => {
    expect(selectRowsMatch && insertRowsMatch).toBe(true);
    const sqlite = sqliteShape(sqliteSchema);
    expect(Object.keys(sqlite).length).toBeGreaterThan(30);
    expect(shapeDifferences(sqlite, pgShape(pgSchema))).toEqual([]);
  });

  test("a table or a column in one schema only is reported", () => {
    const extra = sqliteTable("stream_moves", { streamId: integer("stream_id").primaryKey() });
    const renamed = pgTable("steam_sales_apps", { appId: pgInteger("app_id").primaryKey() });
    const differences = shapeDifferences(
      sqliteShape({ ...sqliteSchema, extra }),
      pgShape({ ...pgSchema, steamSalesApps: renamed }),
    );
    expect(differences).toEqual([
      "steam_sales_apps.name: sqlite text not null, pg missing",
      "stream_moves: only in sqlite",
    ]);
  });

  test("a column's type class or nullability differing is reported", () => {
    const loose = sqliteTable("steam_sales_apps", {
      appId: integer("app_id").primaryKey(),
      name: text("name"),
    });
    expect(
      shapeDifferences(sqliteShape({ ...sqliteSchema, steamSalesApps: loose }), pgShape(pgSchema)),
    ).toEqual(["steam_sales_apps.name: sqlite text, pg text not null"]);
  });
});

describe("the migrated databases", () => {
  let pg: PgServer;
  let url: string;
  // initdb and a first start take seconds, more on a busy machine: the hook gets its own time.
  beforeAll(async () => {
    pg = await startPostgres();
    url = await pg.createDatabase();
  }, 60_000);
  afterAll(async () => {
    await pg?.stop();
  });

  test("PostgreSQL's migrations build the tables and columns SQLite's build", async () => {
    const client = new SQL({ url, max: 2 });
    try {
      await migrate(drizzle({ client }), { migrationsFolder: PG_MIGRATIONS });
      const live = await pgLiveShape(client);
      const { sqlite } = openDb(":memory:");
      const expected = sqliteLiveShape(sqlite);
      sqlite.close();
      expect(Object.keys(live).length).toBe(Object.keys(expected).length);
      expect(shapeDifferences(expected, live, ["sqlite", "pg"])).toEqual([]);
    } finally {
      await client.close();
    }
  });

  test("a table the PostgreSQL database lacks is reported", async () => {
    const client = new SQL({ url: await pg.createDatabase(), max: 1 });
    try {
      await migrate(drizzle({ client }), { migrationsFolder: PG_MIGRATIONS });
      await client.unsafe("DROP TABLE steam_refund_alerts");
      const { sqlite } = openDb(":memory:");
      const expected = sqliteLiveShape(sqlite);
      sqlite.close();
      expect(shapeDifferences(expected, await pgLiveShape(client))).toEqual([
        "steam_refund_alerts: only in sqlite",
      ]);
    } finally {
      await client.close();
    }
  });

  test("Bun's SQL client writes and reads a row through the pg schema with the SQLite schema's values", async () => {
    const client = new SQL({ url: await pg.createDatabase(), max: 1 });
    try {
      const db = drizzle({ client, schema: pgSchema });
      await migrate(db, { migrationsFolder: PG_MIGRATIONS });
      const [org] = await db
        .insert(pgSchema.organizations)
        .values({ name: "Studio", slug: "studio" })
        .returning();
      const [project] = await db
        .insert(pgSchema.projects)
        .values({ name: "Game", orgId: org!.id })
        .returning({ id: pgSchema.projects.id });
      const size = 5 * 1024 ** 3; // past 32 bits, as a long video is
      await db.insert(pgSchema.mediaFiles).values({
        projectId: project!.id,
        originalName: "trailer.mp4",
        storedName: "a.mp4",
        mimeType: "video/mp4",
        fileSize: size,
        kind: "video",
        steamReady: true,
        steamReasons: ["Too loud", 'Quote " and, comma'],
      });
      const row = await db.query.mediaFiles.findFirst({ where: eq(pgSchema.mediaFiles.storedName, "a.mp4") });
      expect(row?.fileSize).toBe(size);
      expect(row?.steamReady).toBe(true);
      expect(row?.steamReasons).toEqual(["Too loud", 'Quote " and, comma']);
      expect(typeof row?.createdAt).toBe("number");
      expect(Math.abs(row!.createdAt - Date.now())).toBeLessThan(60_000);
      // Stored as a JSON array, not as a string holding one.
      const [kind] = await client`SELECT jsonb_typeof(steam_reasons) AS kind FROM media_files`;
      expect(kind.kind).toBe("array");
      // A JSON column left empty stays SQL null; an object comes back as the object.
      const [job] = await db
        .insert(pgSchema.jobs)
        .values({
          kind: "sync",
          key: "all-apps",
          status: "done",
          result: { apps: 2 },
          startedAt: 1,
          updatedAt: 1,
        })
        .returning();
      expect(job?.result).toEqual({ apps: 2 });
      expect(job?.errorDetails).toBeNull();
    } finally {
      await client.close();
    }
  });
});
