import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { BACKUP } from "@shared/messages/backup";
import { backupTime, listBackups } from "./layout";
import { takeBackup } from "./take";

const DAY_MS = 24 * 60 * 60 * 1000;
const CHECK_EVERY_MS = 60 * 60 * 1000;

export interface DailyBackupOptions {
  dataDir: string;
  backupDir: string;
  /** On PostgreSQL: the database pg_dump backs up (see takeBackup). */
  databaseUrl?: string;
  keepDays: number;
  now?: () => number;
  log?: (line: string) => void;
}

/**
 * The server's own backups: one when the newest is a day old (or there is none), checked at start and
 * then hourly, so a server restarted often still takes one a day; backups older than keepDays go,
 * though never the newest. Idle until started; tests drive `tick` with their own clock.
 */
export class DailyBackup {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<unknown> | undefined;
  private readonly now: () => number;
  private readonly log: (line: string) => void;

  constructor(private readonly o: DailyBackupOptions) {
    this.now = o.now ?? Date.now;
    this.log = o.log ?? (() => {});
  }

  /** Takes a backup if one is due, then prunes; answers the new backup's folder, if one was taken. */
  async tick(): Promise<string | null> {
    if (this.running) return null;
    const run = this.run();
    this.running = run;
    try {
      return await run;
    } finally {
      this.running = undefined;
    }
  }

  private async run(): Promise<string | null> {
    let taken: string | null = null;
    try {
      const newest = (await listBackups(this.o.backupDir)).at(-1);
      if (!newest || this.now() - newest.at >= DAY_MS) {
        taken = (await takeBackup({ ...this.o, now: this.now })).path;
        this.log(BACKUP.dailyTaken(taken));
      }
      const removed = await this.prune();
      if (removed) this.log(BACKUP.pruned(removed));
    } catch (err) {
      this.log(BACKUP.dailyFailed((err as Error).message));
    }
    return taken;
  }

  /** Backups older than keepDays (the newest stays whatever its age), and unfinished ones a day old. */
  async prune(): Promise<number> {
    const cutoff = this.now() - this.o.keepDays * DAY_MS;
    const all = await listBackups(this.o.backupDir);
    let removed = 0;
    for (const b of all.slice(0, -1)) {
      if (b.at >= cutoff) continue;
      await rm(b.path, { recursive: true, force: true });
      removed++;
    }
    for (const name of await readdir(this.o.backupDir).catch(() => [] as string[])) {
      const at = /^\.(.+)\.part$/.exec(name)?.[1];
      const t = at ? backupTime(at) : null;
      if (t !== null && this.now() - t >= DAY_MS) await rm(join(this.o.backupDir, name), { recursive: true });
    }
    return removed;
  }

  start(): void {
    if (this.timer) return;
    void this.tick();
    this.timer = setInterval(() => void this.tick(), CHECK_EVERY_MS);
    // Never what keeps the process alive.
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
