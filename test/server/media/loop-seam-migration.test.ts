import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb } from "@server/platform/db/client";
import { dialect } from "@server/platform/db/dialect";
import { mediaFiles } from "@server/platform/db/schema";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";

// A database from before the loop-seam rule: its ready videos were never checked for their seam, so
// after the upgrade they are converted before they go to Steam, until uploaded again.

// A SQLite file upgraded by its own migrations: nothing of it runs on PostgreSQL.
test.skipIf(dialect === "postgres")(
  "upgrading marks videos judged ready before the loop-seam rule as not ready, and nothing else",
  async () => {
    const dir = mkdtempSync(join(tmpdir(), "loop-seam-migration-"));
    try {
      const migrations = join(dir, "migrations");
      cpSync(join(import.meta.dir, "../../../server/platform/db/migrations"), migrations, {
        recursive: true,
      });
      const journalFile = join(migrations, "meta/_journal.json");
      const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
      const upTo = journal.entries.findIndex((e) => e.tag === "0010_loop_seams");
      expect(upTo).toBeGreaterThan(0);
      writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
      const file = join(dir, "old.db");
      const old = new Database(file, { create: true });
      migrate(drizzle({ client: old }), { migrationsFolder: migrations });
      old.exec("INSERT INTO organizations (id, name, slug) VALUES (1, 'Studio', 'studio')");
      old.exec("INSERT INTO projects (id, org_id, name) VALUES (1, 1, 'Game')");
      const insert = (name: string, kind: string, ready: number, reasons: string | null) =>
        old
          .query(
            `INSERT INTO media_files (project_id, original_name, stored_name, mime_type, file_size, kind, steam_ready, steam_reasons)
           VALUES (1, ?, ?, 'video/mp4', 1, ?, ?, ?)`,
          )
          .run(name, name, kind, ready, reasons);
      insert("trailer.mp4", "video", 1, "[]");
      insert("gameplay.avi", "video", 0, JSON.stringify(["video is mpeg4; Steam needs H.264"]));
      insert("cover.png", "image", 1, null);
      old.close();

      const { db, sqlite } = openDb(file);
      const rows = await db.select().from(mediaFiles);
      const row = (name: string) => rows.find((r) => r.originalName === name);
      expect(row("trailer.mp4")).toMatchObject({ steamReady: false, steamReasons: null });
      expect(row("gameplay.avi")).toMatchObject({
        steamReady: false,
        steamReasons: ["video is mpeg4; Steam needs H.264"],
      });
      expect(row("cover.png")).toMatchObject({ steamReady: true });
      sqlite.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
