// Backup benchmark: a data folder with 512 MB of media (8 files of 64 MB) backed up in this process,
// as the server's daily backup runs, while a timer measures how long the event loop is held; then
// `npm run backup` and `npm run restore` of the same folder as an operator runs them.
// Media are copied (a reflink where the file system offers one), never hard-linked, and every copy is
// hashed; the figures say what that costs on this disk.
// Budget: the longest event-loop pause during an in-process backup stays under 50 ms.
// Run: bun test/bench/backup.ts [mediaMB] [rounds]   (default 512 MB, 3 rounds; medians reported)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { takeBackup } from "@server/platform/backup/take";
import { openDb } from "@server/platform/db/client";
import { runBackupCli } from "../support/backup-cli";

const MB = 1024 * 1024;
const mediaMb = Number(process.argv[2] ?? 512);
const rounds = Number(process.argv[3] ?? 3);
const PAUSE_BUDGET_MS = 50;
const FILES = 8;

const work = mkdtempSync(join(tmpdir(), "console-bench-backup-"));
const dataDir = join(work, "data");

function seed() {
  openDb(join(dataDir, "console.db")).sqlite.close();
  mkdirSync(join(dataDir, "media"), { recursive: true });
  const chunk = crypto.getRandomValues(new Uint8Array(MB));
  const file = Buffer.alloc((mediaMb / FILES) * MB);
  for (let o = 0; o < file.length; o += MB) file.set(chunk, o);
  for (let i = 0; i < FILES; i++) {
    file[0] = i;
    writeFileSync(join(dataDir, "media", `clip-${i}.mp4`), file);
  }
}

/** Runs `work` while a 5 ms timer notes the longest gap between its ticks beyond its period. */
async function withPauses<T>(run: () => Promise<T>): Promise<{ ms: number; pause: number }> {
  let last = performance.now();
  let pause = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    pause = Math.max(pause, now - last - 5);
    last = now;
  }, 5);
  const started = performance.now();
  await run();
  const ms = performance.now() - started;
  clearInterval(timer);
  return { ms, pause };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  seed();
  const inProcess: { ms: number; pause: number }[] = [];
  const cli: number[] = [];
  const restore: number[] = [];
  for (let r = 0; r < rounds; r++) {
    Bun.spawnSync(["sync"]);
    const backupDir = join(work, `in-process-${r}`);
    inProcess.push(await withPauses(() => takeBackup({ dataDir, backupDir })));
    rmSync(backupDir, { recursive: true });
    Bun.spawnSync(["sync"]);
    const cliDir = join(work, `cli-${r}`);
    const taken = await runBackupCli("backup", cliDir, dataDir);
    if (taken.code !== 0) throw new Error(taken.out);
    cli.push(taken.ms);
    Bun.spawnSync(["sync"]);
    const restored = await runBackupCli(
      "restore",
      join(cliDir, (await Array.fromAsync(new Bun.Glob("*").scan({ cwd: cliDir, onlyFiles: false })))[0]!),
      join(work, `restored-${r}`),
    );
    if (restored.code !== 0) throw new Error(restored.out);
    restore.push(restored.ms);
    rmSync(cliDir, { recursive: true });
    rmSync(join(work, `restored-${r}`), { recursive: true });
  }
  const pause = median(inProcess.map((p) => p.pause));
  console.log(`media: ${mediaMb} MB in ${FILES} files, ${rounds} rounds (medians; range in brackets)`);
  const range = (xs: number[]) => `[${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))}]`;
  const ms = inProcess.map((p) => p.ms);
  console.log(`in-process backup: ${Math.round(median(ms))} ms ${range(ms)}`);
  console.log(
    `longest event-loop pause: ${pause.toFixed(1)} ms ${range(inProcess.map((p) => p.pause))} (budget ${PAUSE_BUDGET_MS} ms${pause > PAUSE_BUDGET_MS ? ", MISSED" : ""})`,
  );
  console.log(`npm run backup: ${median(cli)} ms ${range(cli)}`);
  console.log(`npm run restore: ${median(restore)} ms ${range(restore)}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
