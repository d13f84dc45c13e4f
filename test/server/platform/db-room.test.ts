import { expect, test } from "bun:test";
import { statSync } from "node:fs";
import { join } from "node:path";
import { dialect } from "@server/platform/db/dialect";
import { keepDatabaseRoom, ROOM_PAGES } from "@server/platform/db/room";
import { testDeps } from "../../support/server";

// The database's spare room: free pages inside the file and a WAL already that long, so that a full
// disk does not stop sign-in or streams (test/faults/disk-full.test.ts shows it on a real full disk).

const freelist = (deps: ReturnType<typeof testDeps>) =>
  (deps.sqlite!.query("PRAGMA freelist_count").get() as { freelist_count: number }).freelist_count;

// The room is kept inside SQLite's file; PostgreSQL has none to keep.
test.skipIf(dialect === "postgres")(
  "the room is made once, reused by writes, and topped up only when half of it is gone",
  () => {
    const deps = testDeps();
    const sqlite = deps.sqlite!;
    const file = join(deps.env.DATA_DIR, "console.db");
    expect(keepDatabaseRoom(sqlite)).toBe(true);
    expect(freelist(deps)).toBeGreaterThanOrEqual(ROOM_PAGES);
    const size = statSync(file).size;
    expect(statSync(`${file}-wal`).size).toBeGreaterThanOrEqual(ROOM_PAGES * 4096);
    // No table is left behind.
    expect(sqlite.query("select name from sqlite_master where name = 'disk_room'").all()).toEqual([]);
    expect(keepDatabaseRoom(sqlite)).toBe(false);

    // Rows land on the free pages: the file does not grow.
    sqlite.exec("CREATE TABLE growth (b BLOB)");
    sqlite.query("INSERT INTO growth VALUES (zeroblob(?))").run(ROOM_PAGES * 4096 * 0.6);
    sqlite.exec("PRAGMA wal_checkpoint(PASSIVE)");
    expect(statSync(file).size).toBe(size);
    expect(freelist(deps)).toBeLessThan(ROOM_PAGES / 2);
    expect(keepDatabaseRoom(sqlite)).toBe(true);
    expect(freelist(deps)).toBeGreaterThanOrEqual(ROOM_PAGES);
  },
);
