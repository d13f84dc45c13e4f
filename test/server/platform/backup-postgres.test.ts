import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DailyBackup } from "@server/platform/backup/daily";
import { listBackups } from "@server/platform/backup/layout";
import { restoreBackup } from "@server/platform/backup/restore";
import { takeBackup } from "@server/platform/backup/take";
import { dialect } from "@server/platform/db/dialect";
import { BACKUP } from "@shared/messages/backup";
import { SQL } from "bun";
import { makeOrg, makeProject, makeUser, testDeps } from "../../support/server";

// The backup on PostgreSQL: pg_dump of the console's database into the usual backup folder, restored
// with pg_restore into a new database; the password reaches pg_dump only through its environment.

const root = mkdtempSync(join(tmpdir(), "console-pg-backup-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const fresh = (name: string) => join(root, `${name}-${++n}`);

/** Every process whose program is `name`: its arguments and environment, as any local user could look. */
function processesNamed(name: string): { args: string; environ: string }[] {
  const found: { args: string; environ: string }[] = [];
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (!args.split("\0")[0]?.endsWith(name)) continue;
      found.push({ args, environ: readFileSync(`/proc/${pid}/environ`, "utf8") });
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

async function rowCounts(url: string): Promise<Record<string, number>> {
  const sql = new SQL({ url, max: 1 });
  try {
    const tables: { name: string }[] =
      await sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`;
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const [row] = await sql.unsafe(`select count(*)::int as n from "${name}"`);
      counts[name] = row.n;
    }
    return counts;
  } finally {
    await sql.close();
  }
}

async function emptyDatabase(): Promise<string> {
  const server = process.env.TEST_PG_SERVER_URL ?? "";
  const name = `restore_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = new SQL({ url: server, max: 1 });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

describe.skipIf(dialect !== "postgres")("the backup on PostgreSQL", () => {
  test("pg_dump's backup, restored with pg_restore into a new database, holds the same rows", async () => {
    const deps = testDeps();
    const databaseUrl = deps.env.DATABASE_URL!;
    const password = decodeURIComponent(new URL(databaseUrl).password);
    const org = await makeOrg(deps);
    await makeProject(deps, { orgId: org.id, name: "Launch" });
    await makeProject(deps, { orgId: org.id, name: "Demo day" });
    await makeUser(deps, { orgId: org.id, role: "admin" });

    // Every pg_dump alive during the backup, looked at the way `ps` shows it to any local user.
    const seen: { args: string; environ: string }[] = [];
    const watch = setInterval(() => seen.push(...processesNamed("pg_dump")), 1);
    const backupDir = fresh("backups");
    let taken: Awaited<ReturnType<typeof takeBackup>>;
    try {
      taken = await takeBackup({ dataDir: deps.env.DATA_DIR, backupDir, databaseUrl });
    } finally {
      clearInterval(watch);
    }
    expect(seen.length).toBeGreaterThan(0);
    for (const p of seen) {
      expect(p.args).not.toContain(password);
      expect(p.environ).toContain(`PGPASSWORD=${password}`);
    }
    expect(taken.manifest.database.path).toBe("console.pgdump");
    expect(readdirSync(taken.path).sort()).toEqual(["console.pgdump", "manifest.json"]);

    const target = await emptyDatabase();
    const dataDir = fresh("restored");
    const restored = await restoreBackup({ source: taken.path, dataDir, databaseUrl: target });
    expect(restored.postgres).toBe(true);
    const before = await rowCounts(databaseUrl);
    expect(before.projects).toBe(2);
    expect(await rowCounts(target)).toEqual(before);
    // The dump is loaded, not left in the data folder.
    expect(readdirSync(dataDir)).not.toContain("console.pgdump");

    // A database that already holds the console is never restored over.
    await expect(
      restoreBackup({ source: taken.path, dataDir: fresh("again"), databaseUrl: target }),
    ).rejects.toThrow(BACKUP.databaseNotEmpty);
    // Nor is a PostgreSQL backup restored without a database to put it in.
    await expect(restoreBackup({ source: taken.path, dataDir: fresh("none") })).rejects.toThrow(
      BACKUP.noDatabaseUrl("console.pgdump"),
    );
  }, 60_000);

  test("a failed dump is logged without the password and leaves no backup behind", async () => {
    const deps = testDeps();
    const url = new URL(deps.env.DATABASE_URL!);
    const wrong = `wrong-${crypto.randomUUID()}`;
    url.password = wrong;
    const lines: string[] = [];
    const backupDir = fresh("failed");
    const daily = new DailyBackup({
      dataDir: deps.env.DATA_DIR,
      backupDir,
      databaseUrl: url.toString(),
      keepDays: 7,
      log: (line) => lines.push(line),
    });
    expect(await daily.tick()).toBeNull();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toStartWith(BACKUP.dailyFailed("pg_dump failed"));
    expect(lines[0]).not.toContain(wrong);
    expect(readdirSync(backupDir)).toEqual([]);
    expect(await listBackups(backupDir)).toEqual([]);
  }, 30_000);
});
