import { afterAll, describe, expect, test } from "bun:test";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DailyBackup } from "@server/platform/backup/daily";
import { backupName, listBackups } from "@server/platform/backup/layout";
import { takeBackup } from "@server/platform/backup/take";
import { openDb } from "@server/platform/db/client";
import { dialect } from "@server/platform/db/dialect";
import { loadEnv } from "@server/platform/env";
import { BACKUP } from "@shared/messages/backup";
import { runBackupCli } from "../../support/backup-cli";
import { stopServer } from "../../support/server-process";
import { waitUntil } from "../../support/wait";
import { startServerProcess } from "../streaming/streaming-server-process";

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
  // Out of WAL mode before closing: Bun closes lazily while drizzle's statements wait for the
  // collector, and the checkpoint that then removes the -wal file would land mid-test.
  sqlite.exec("PRAGMA journal_mode = DELETE;");
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
    // A copy, never a hard link: the live file and the backup's share no inode (nor its mode).
    expect(statSync(join(path, "media", "trailer.mp4")).ino).not.toBe(
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
    // Copies, not links into the backup: changing one never changes the other.
    expect(statSync(join(target, "media", "trailer.mp4")).ino).not.toBe(
      statSync(join(path, "media", "trailer.mp4")).ino,
    );
  });
});

/** A real backup with one more entry in its manifest, placed by `plant` and hashed as `bytes`. */
async function craftedBackup(entry: string, bytes: string | Buffer, plant: (at: string) => void) {
  const { path } = await takeBackup({ dataDir: dataDir(), backupDir: fresh("backups") });
  plant(join(path, entry));
  const manifest = JSON.parse(readFileSync(join(path, "manifest.json"), "utf8"));
  const sha256 = new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
  manifest.media.push({ path: entry, size: Buffer.byteLength(bytes), sha256 });
  writeFileSync(join(path, "manifest.json"), JSON.stringify(manifest));
  return path;
}

/** Restores `backup` into a new folder and shows that it was refused and left nothing anywhere. */
async function refusedRestore(backup: string) {
  const target = fresh("restored");
  const parent = readdirSync(root).sort();
  const res = await runBackupCli("restore", backup, target);
  expect(res.code).not.toBe(0);
  expect(res.out).not.toContain("    at ");
  expect(existsSync(target)).toBe(false);
  expect(readdirSync(root).sort()).toEqual(parent);
  return res.out;
}

describe("restore from an attacker's backup", () => {
  // A file outside the backup that the restoring user can read, standing for /etc/hostname or a key.
  const secretFile = join(root, "outside-secret.txt");
  const secret = "the operator's private key";

  test("a media entry that is a symbolic link to a file outside is refused, by name", async () => {
    writeFileSync(secretFile, secret);
    const backup = await craftedBackup("media/evil.mp4", secret, (at) => symlinkSync(secretFile, at));
    const out = await refusedRestore(backup);
    expect(out).toContain("media/evil.mp4");
    expect(out).toContain("symbolic link");
  });

  test("a media folder that links elsewhere is refused, by name", async () => {
    writeFileSync(secretFile, secret);
    const outside = fresh("outside");
    mkdirSync(outside);
    writeFileSync(join(outside, "evil.mp4"), secret);
    const { path } = await takeBackup({ dataDir: dataDir(), backupDir: fresh("backups") });
    rmSync(join(path, "media"), { recursive: true });
    symlinkSync(outside, join(path, "media"));
    const manifest = JSON.parse(readFileSync(join(path, "manifest.json"), "utf8"));
    const sha256 = new Bun.CryptoHasher("sha256").update(secret).digest("hex");
    manifest.media = [{ path: "media/evil.mp4", size: secret.length, sha256 }];
    writeFileSync(join(path, "manifest.json"), JSON.stringify(manifest));
    const out = await refusedRestore(path);
    expect(out).toContain("The backup holds media as a symbolic link where a folder belongs");
  });

  test("a named pipe is refused as one, without waiting for a writer", async () => {
    const backup = await craftedBackup("media/pipe.mp4", "", (at) => {
      expect(Bun.spawnSync(["mkfifo", at]).exitCode).toBe(0);
    });
    const out = await refusedRestore(backup);
    expect(out).toContain("The backup holds media/pipe.mp4 as a named pipe");
  });

  test("a folder where a file belongs is refused", async () => {
    const backup = await craftedBackup("media/clip.mp4", "", (at) => mkdirSync(at));
    const out = await refusedRestore(backup);
    expect(out).toContain("The backup holds media/clip.mp4 as a folder");
  });

  test("a database that is a symbolic link is refused", async () => {
    const { path } = await takeBackup({ dataDir: dataDir(), backupDir: fresh("backups") });
    const elsewhere = `${path}-db`;
    writeFileSync(elsewhere, readFileSync(join(path, "console.db")));
    rmSync(join(path, "console.db"));
    symlinkSync(elsewhere, join(path, "console.db"));
    const out = await refusedRestore(path);
    expect(out).toContain("The backup holds console.db as a symbolic link");
  });

  test.each([
    "../outside-secret.txt",
    "media/../../outside-secret.txt",
    "/etc/hostname",
    "media//etc/hostname",
  ])("a manifest naming %s is refused", async (name) => {
    writeFileSync(secretFile, secret);
    const { path } = await takeBackup({ dataDir: dataDir(), backupDir: fresh("backups") });
    const manifest = JSON.parse(readFileSync(join(path, "manifest.json"), "utf8"));
    manifest.media.push({ path: name, size: 1, sha256: "0" });
    writeFileSync(join(path, "manifest.json"), JSON.stringify(manifest));
    const out = await refusedRestore(path);
    expect(out).toContain(`The manifest names a file outside the backup (${name})`);
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

  // The daily backup copies the SQLite file (VACUUM INTO); on PostgreSQL it dumps the database (below).
  test.skipIf(dialect === "postgres")(
    "a server with BACKUP_DIR takes one at start when there is none",
    async () => {
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
    },
    30_000,
  );

  test.skipIf(dialect !== "postgres")(
    "a server on PostgreSQL with BACKUP_DIR dumps the database at start, its password in no log line",
    async () => {
      const backupDir = fresh("server-backups-pg");
      const server = await startServerProcess(fresh("server-data-pg"), { BACKUP_DIR: backupDir });
      try {
        const [made] = await waitUntil(
          async () => {
            const found = await listBackups(backupDir);
            return found.length ? found : null;
          },
          30_000,
          "a backup",
        );
        expect(readdirSync(made!.path).sort()).toEqual(["console.pgdump", "manifest.json"]);
        await waitUntil(() => server.output().includes(BACKUP.dailyTaken(made!.path)), 5000, "the log line");
        const password = decodeURIComponent(new URL(process.env.TEST_PG_SERVER_URL ?? "").password);
        expect(password.length).toBeGreaterThan(0);
        expect(server.output()).not.toContain(password);
      } finally {
        await stopServer(server.proc);
      }
    },
    40_000,
  );
});
