import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DailyBackup } from "../../server/backup/daily";
import { backupName, listBackups } from "../../server/backup/layout";
import { takeBackup } from "../../server/backup/take";
import { openDb } from "../../server/db/client";
import { loadEnv } from "../../server/env";
import { runBackupCli } from "../support/backup-cli";
import { stopServer } from "../support/server-process";
import { waitUntil } from "../support/wait";
import { startServerProcess } from "./streaming-server-process";

// Backup and restore on real SQLite files and real folders: the refusals change nothing and leave
// nothing behind, and the server's daily backup follows its (controlled) clock.

const root = mkdtempSync(join(tmpdir(), "console-backup-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = (name: string) => join(root, `${name}-${++n}`);

/** A data directory as the server leaves it: a migrated database and a few media files. */
function dataDir(): string {
  const dir = fresh("data");
  const { sqlite } = openDb(join(dir, "console.db"));
  sqlite.close();
  mkdirSync(join(dir, "media", "posters"), { recursive: true });
  writeFileSync(join(dir, "media", "trailer.mp4"), crypto.getRandomValues(new Uint8Array(64 * 1024)));
  writeFileSync(join(dir, "media", "posters", "trailer.jpg"), "poster");
  writeFileSync(join(dir, "media", "half.mp4.part"), "unfinished");
  return dir;
}

/** Every file under `dir` with its content, to show that nothing changed. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    try {
      out[name] = readFileSync(join(dir, name), "base64");
    } catch {
      out[name] = "(folder)";
    }
  }
  return out;
}

describe("backup", () => {
  test("holds the database, the finished media files and a manifest of their sizes and hashes", async () => {
    const data = dataDir();
    const { path, manifest } = await takeBackup({ dataDir: data, backupDir: fresh("backups") });
    expect(manifest.media.map((m) => m.path).sort()).toEqual([
      "media/posters/trailer.jpg",
      "media/trailer.mp4",
    ]);
    expect(manifest.media.find((m) => m.path === "media/trailer.mp4")?.size).toBe(64 * 1024);
    expect(readdirSync(path).sort()).toEqual(["console.db", "manifest.json", "media"]);
    // Same file system: a hard link, no second copy of the bytes.
    expect(statSync(join(path, "media", "trailer.mp4")).ino).toBe(
      statSync(join(data, "media", "trailer.mp4")).ino,
    );
  });

  test("refuses a missing DATA_DIR and a folder it cannot write, in one plain line", async () => {
    const missing = await runBackupCli("backup", fresh("backups"), join(root, "no-such-data"));
    expect(missing.code).not.toBe(0);
    expect(missing.out).toContain("There is no data directory");
    const file = fresh("a-file");
    writeFileSync(file, "");
    const unwritable = await runBackupCli("backup", join(file, "backups"), dataDir());
    expect(unwritable.code).not.toBe(0);
    expect(unwritable.out).toContain("Cannot write to");
    expect(unwritable.out).not.toContain("    at ");
  });
});

describe("restore", () => {
  test("refuses a data directory that is not empty, and changes nothing", async () => {
    const { path } = await takeBackup({ dataDir: dataDir(), backupDir: fresh("backups") });
    const live = dataDir();
    const parent = readdirSync(root).sort();
    const before = snapshot(live);
    const res = await runBackupCli("restore", path, live);
    expect(res.code).not.toBe(0);
    expect(res.out).toContain("is not empty");
    expect(snapshot(live)).toEqual(before);
    expect(readdirSync(root).sort()).toEqual(parent);
  });

  test("refuses a backup whose media file does not match its hash, and leaves nothing behind", async () => {
    const { path } = await takeBackup({ dataDir: dataDir(), backupDir: fresh("backups") });
    // A hard link would share the data directory's file: replace the backup's copy, then damage it.
    const damaged = join(path, "media", "trailer.mp4");
    const bytes = readFileSync(damaged);
    rmSync(damaged);
    bytes[100] = (bytes[100]! + 1) % 256;
    writeFileSync(damaged, bytes);
    const target = join(root, "restored-damaged");
    const parent = readdirSync(root).sort();
    const res = await runBackupCli("restore", path, target);
    expect(res.code).not.toBe(0);
    expect(res.out).toContain("media/trailer.mp4 does not match");
    expect(readdirSync(root).sort()).toEqual(parent);
  });

  test("puts everything back into a new folder, checked against the manifest", async () => {
    const data = dataDir();
    const { path } = await takeBackup({ dataDir: data, backupDir: fresh("backups") });
    const target = join(root, "restored-ok");
    const res = await runBackupCli("restore", join(path, "manifest.json"), target);
    expect(res.code).toBe(0);
    expect(readFileSync(join(target, "media", "trailer.mp4"))).toEqual(
      readFileSync(join(data, "media", "trailer.mp4")),
    );
    expect(readdirSync(join(target, "media"))).not.toContain("half.mp4.part");
  });
});

describe("the daily backup", () => {
  const DAY = 24 * 60 * 60 * 1000;

  test("takes one when the newest is a day old and prunes those older than BACKUP_KEEP", async () => {
    const backupDir = fresh("daily");
    let now = Date.parse("2026-03-10T12:00:00Z");
    for (const days of [10, 8, 3])
      mkdirSync(join(backupDir, backupName(now - days * DAY)), { recursive: true });
    mkdirSync(join(backupDir, `.${backupName(now - 2 * DAY)}.part`));
    const data = dataDir();
    const daily = new DailyBackup({
      dataDir: data,
      backupDir,
      keepDays: 7,
      now: () => now,
    });

    expect(await daily.tick()).toBe(join(backupDir, backupName(now)));
    expect(readdirSync(backupDir).sort()).toEqual([backupName(now - 3 * DAY), backupName(now)]);
    now += 23 * 60 * 60 * 1000;
    expect(await daily.tick()).toBeNull();
    now += 2 * 60 * 60 * 1000;
    expect(await daily.tick()).toBe(join(backupDir, backupName(now)));
    expect((await listBackups(backupDir)).length).toBe(3);
    // Long without a backup, the newest is still kept.
    now += 30 * DAY;
    await daily.prune();
    expect((await listBackups(backupDir)).map((b) => b.at)).toEqual([now - 30 * DAY]);
  });

  test("BACKUP_KEEP is a whole number of days, at least one", () => {
    expect(loadEnv({ BACKUP_DIR: "/b" }).BACKUP_KEEP).toBe(7);
    expect(() => loadEnv({ BACKUP_KEEP: "0" })).toThrow("BACKUP_KEEP must be at least 1 day");
    expect(() => loadEnv({ BACKUP_KEEP: "1.5" })).toThrow("BACKUP_KEEP");
  });

  test("a server with BACKUP_DIR takes one at start when there is none", async () => {
    const backupDir = fresh("server-backups");
    const server = await startServerProcess(fresh("server-data"), {
      BACKUP_DIR: backupDir,
      BACKUP_KEEP: "3",
    });
    try {
      const [made] = await waitUntil(
        async () => {
          const found = await listBackups(backupDir);
          return found.length ? found : null;
        },
        20_000,
        "a backup",
      );
      // No media yet: the database and the manifest.
      expect(readdirSync(made!.path).sort()).toEqual(["console.db", "manifest.json"]);
    } finally {
      await stopServer(server.proc);
    }
  }, 30_000);
});
