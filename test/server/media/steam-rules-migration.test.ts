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

// A database from before Steam's full rules: its videos were judged by the looser rule, so after the
// upgrade they are no longer taken as ready (they are converted before going to Steam).

// A SQLite file upgraded by its own migrations: nothing of it runs on PostgreSQL.
test.skipIf(dialect === "postgres")(
  "upgrading marks videos checked under the older rule as not ready, with no reasons yet",
  async () => {
    const dir = mkdtempSync(join(tmpdir(), "steam-rules-migration-"));
    try {
      const migrations = join(dir, "migrations");
      cpSync(join(import.meta.dir, "../../../server/platform/db/migrations"), migrations, {
        recursive: true,
      });
      const journalFile = join(migrations, "meta/_journal.json");
      const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
      const upTo = journal.entries.findIndex((e) => e.tag === "0002_steam_reasons");
      writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
      const file = join(dir, "old.db");
      const old = new Database(file, { create: true });
      migrate(drizzle({ client: old }), { migrationsFolder: migrations });
      old.exec("INSERT INTO organizations (id, name, slug) VALUES (1, 'Studio', 'studio')");
      old.exec("INSERT INTO projects (id, org_id, name) VALUES (1, 1, 'Game')");
      const insert = (name: string, kind: string) =>
        old.exec(
          `INSERT INTO media_files (project_id, original_name, stored_name, mime_type, file_size, kind, steam_ready)
         VALUES (1, '${name}', '${name}', 'video/mp4', 1, '${kind}', 1)`,
        );
      insert("trailer.mp4", "video");
      insert("cover.png", "image");
      old.close();

      const { db, sqlite } = openDb(file);
      const rows = await db.select().from(mediaFiles);
      expect(rows.find((r) => r.originalName === "trailer.mp4")).toMatchObject({
        steamReady: false,
        steamReasons: null,
      });
      expect(rows.find((r) => r.originalName === "cover.png")).toMatchObject({ steamReady: true });
      sqlite.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
