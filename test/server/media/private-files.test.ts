import { afterAll, expect, test } from "bun:test";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listBackups } from "@server/platform/backup/layout";
import { dialect } from "@server/platform/db/dialect";
import { projectWithVideo } from "../../faults/harness";
import { runBackupCli } from "../../support/backup-cli";
import { stopServer } from "../../support/server-process";
import { waitUntil } from "../../support/wait";
import { type ServerProcess, startServerProcess } from "../streaming/streaming-server-process";

// Another user on the machine reads nothing of the console: the data folder, the database, the media,
// the backups and a restored copy are owner-only, whatever the umask of the shell that started it
// (the tests run with the usual 022, under which all of these came out world-readable).

const root = mkdtempSync(join(tmpdir(), "console-private-"));
let server: ServerProcess | undefined;
afterAll(async () => {
  if (server) await stopServer(server.proc);
  rmSync(root, { recursive: true, force: true });
}, 30_000);

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

/** Every folder and file under `dir` (itself included) with its mode, to compare with one expectation. */
function modes(dir: string): Record<string, string> {
  const out: Record<string, string> = { ".": mode(dir) };
  for (const name of readdirSync(dir, { recursive: true }) as string[]) out[name] = mode(join(dir, name));
  return out;
}
const expectOwnerOnly = (dir: string) => {
  const found = modes(dir);
  const wanted = Object.fromEntries(
    Object.keys(found).map((k) => [k, statSync(join(dir, k)).isDirectory() ? "700" : "600"]),
  );
  expect(found).toEqual(wanted);
};

// The database file, its VACUUM INTO backups and a restore of them are SQLite's.
test.skipIf(dialect === "postgres")(
  "the data folder, database, media, backups and a restore are owner-only",
  async () => {
    expect(process.umask() & 0o077).not.toBe(0o077);
    // Folders an earlier version (or the shell) made readable by all are closed at start.
    const dataDir = join(root, "data");
    const backupDir = join(root, "backups");
    mkdirSync(join(dataDir, "media"), { recursive: true, mode: 0o755 });
    mkdirSync(backupDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    chmodSync(backupDir, 0o755);
    // A link planted by hand or by an old restore is named at start and never followed.
    const outside = join(root, "outside.txt");
    writeFileSync(outside, "not the console's");
    symlinkSync(outside, join(dataDir, "media", "planted.mp4"));

    server = await startServerProcess(dataDir, { BACKUP_DIR: backupDir });
    expect(server.output()).toContain("Ignoring media/planted.mp4: a symbolic link");
    expect(mode(dataDir)).toBe("700");
    expect(mode(backupDir)).toBe("700");
    const api = await server.api();
    const { mediaId } = await projectWithVideo(api, "Private files");
    // The daily backup taken at start, while the server runs.
    const [daily] = await waitUntil(
      async () => {
        const found = await listBackups(backupDir);
        return found.length ? found : null;
      },
      20_000,
      "the daily backup",
    );
    expectOwnerOnly(daily!.path);
    rmSync(join(dataDir, "media", "planted.mp4"));
    // ffmpeg's poster, the upload, SQLite's -wal and -shm: written by the server and its children.
    expectOwnerOnly(dataDir);
    expect(readdirSync(dataDir)).toEqual(expect.arrayContaining(["console.db", "console.db-wal", "media"]));
    expect((await api(`/media/stream/${mediaId}`)).status).toBe(200);

    // `npm run backup` and `npm run restore` from a shell with umask 022.
    const taken = await runBackupCli("backup", join(root, "cli-backups"), dataDir);
    expect(taken.code).toBe(0);
    const [backup] = await listBackups(join(root, "cli-backups"));
    expect(readdirSync(join(backup!.path, "media")).length).toBeGreaterThan(0);
    expectOwnerOnly(backup!.path);
    const restored = join(root, "restored");
    expect((await runBackupCli("restore", backup!.path, restored)).code).toBe(0);
    expectOwnerOnly(restored);
    // Copies: the live file, the backup's and the restored one are three inodes.
    const [stored] = readdirSync(join(dataDir, "media")).filter((n) => n.endsWith(".mp4"));
    const inodes = [dataDir, backup!.path, restored].map((d) => statSync(join(d, "media", stored!)).ino);
    expect(new Set(inodes).size).toBe(3);
  },
  90_000,
);
