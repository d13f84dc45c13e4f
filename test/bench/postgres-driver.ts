// PostgreSQL through Bun's built-in SQL client (drizzle-orm/bun-sql), beside SQLite (bun:sqlite) on the
// same machine: a private server's start, a connection's set-up (TCP and SCRAM sign-in), a bare
// round trip, and a session lookup by primary key through drizzle on either database.
// Budgets: a connection under 50 ms; a drizzle lookup's p99 under 2 ms on loopback.
// Run: bun test/bench/postgres-driver.ts [rounds]   (default 2000)
import { openDb } from "@server/platform/db/client";
import * as sqliteSchema from "@server/platform/db/schema";
import * as pgSchema from "@server/platform/db/schema-pg";
import { SQL } from "bun";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/bun-sql";
import { migrate } from "drizzle-orm/bun-sql/migrator";
import { startPostgres } from "../support/postgres";

const rounds = Number(process.argv[2] ?? 2000);
const CONNECT_BUDGET_MS = 50;
const LOOKUP_P99_BUDGET_MS = 2;
const MIGRATIONS = new URL("../../server/platform/db/migrations-pg", import.meta.url).pathname;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const ms = (n: number) => `${n.toFixed(3)} ms`;
async function timed(n: number, fn: () => unknown): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

let t = performance.now();
const pg = await startPostgres();
console.log(`private server (initdb + start): ${(performance.now() - t).toFixed(0)} ms`);
try {
  const url = await pg.createDatabase();
  const connects = await timed(20, async () => {
    const c = new SQL({ url, max: 1 });
    await c`SELECT 1`;
    await c.close();
  });
  console.log(
    `connect + first query: p50 ${ms(pct(connects, 50))}, max ${ms(Math.max(...connects))} (budget ${CONNECT_BUDGET_MS} ms)`,
  );

  const client = new SQL({ url, max: 1 });
  const db = drizzle({ client, schema: pgSchema });
  t = performance.now();
  await migrate(db, { migrationsFolder: MIGRATIONS });
  console.log(`migrations on an empty database: ${(performance.now() - t).toFixed(0)} ms`);
  const bare = await timed(rounds, () => client`SELECT 1`);
  console.log(`SELECT 1 round trip: p50 ${ms(pct(bare, 50))}, p99 ${ms(pct(bare, 99))}`);

  const [org] = await db.insert(pgSchema.organizations).values({ name: "B", slug: "b" }).returning();
  const [user] = await db
    .insert(pgSchema.users)
    .values({ name: "B", email: "b@example.com", passwordHash: "x", orgId: org!.id })
    .returning();
  await db.insert(pgSchema.sessions).values({ id: "s1", userId: user!.id, expiresAt: Date.now() + 1e6 });
  const pgLookup = await timed(rounds, () =>
    db.select().from(pgSchema.sessions).where(eq(pgSchema.sessions.id, "s1")),
  );
  const pgInsert = await timed(rounds / 4, () =>
    db.insert(pgSchema.steamPlayerSamples).values({ appId: 1, sampledAt: Date.now(), playerCount: 1 }),
  );
  await client.close();

  const { db: lite, sqlite } = openDb(":memory:");
  const [o] = await lite.insert(sqliteSchema.organizations).values({ name: "B", slug: "b" }).returning();
  const [u] = await lite
    .insert(sqliteSchema.users)
    .values({ name: "B", email: "b@example.com", passwordHash: "x", orgId: o!.id })
    .returning();
  await lite.insert(sqliteSchema.sessions).values({ id: "s1", userId: u!.id, expiresAt: Date.now() + 1e6 });
  const liteLookup = await timed(rounds, () =>
    lite.select().from(sqliteSchema.sessions).where(eq(sqliteSchema.sessions.id, "s1")),
  );
  const liteInsert = await timed(rounds / 4, () =>
    lite.insert(sqliteSchema.steamPlayerSamples).values({ appId: 1, sampledAt: Date.now(), playerCount: 1 }),
  );
  sqlite.close();

  console.log(
    `session lookup (drizzle): PostgreSQL p50 ${ms(pct(pgLookup, 50))}, p99 ${ms(pct(pgLookup, 99))} (budget ${LOOKUP_P99_BUDGET_MS} ms); SQLite p50 ${ms(pct(liteLookup, 50))}, p99 ${ms(pct(liteLookup, 99))}`,
  );
  console.log(
    `one-row insert (drizzle): PostgreSQL p50 ${ms(pct(pgInsert, 50))}, p99 ${ms(pct(pgInsert, 99))}; SQLite (in memory) p50 ${ms(pct(liteInsert, 50))}, p99 ${ms(pct(liteInsert, 99))}`,
  );
} finally {
  await pg.stop();
}
