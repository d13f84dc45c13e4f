import type { Database } from "bun:sqlite";

/**
 * Pages kept free inside the database file (4 KB each, so 4 MB). Filling and dropping a blob of that
 * size leaves the pages on SQLite's freelist and the WAL file grown to match; later writes reuse both
 * instead of asking the file system for more. So sign-in (a session row), stream start and stop still
 * commit when media or anything else has filled the disk to the last byte.
 */
export const ROOM_PAGES = 1024;

/** Tops the freelist back up once it has fallen under half; returns whether it wrote. Throws on a full disk. */
export function keepDatabaseRoom(sqlite: Database, pages = ROOM_PAGES): boolean {
  const free = (sqlite.query("PRAGMA freelist_count").get() as { freelist_count: number }).freelist_count;
  if (free >= pages / 2) return false;
  const pageSize = (sqlite.query("PRAGMA page_size").get() as { page_size: number }).page_size;
  sqlite.transaction(() => {
    sqlite.exec("CREATE TABLE disk_room (filler BLOB)");
    // The blob takes the free pages there are first and grows the file for the rest; dropped, all of
    // them are free again.
    sqlite.query("INSERT INTO disk_room VALUES (zeroblob(?))").run(pages * pageSize);
    sqlite.exec("DROP TABLE disk_room");
  })();
  return true;
}
