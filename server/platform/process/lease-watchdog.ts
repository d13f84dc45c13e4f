// The lease watchdog: a process of its own that SIGKILLs each guarded child when its deadline passes.
//
// A node owns a stream through a lease it renews; a node that can no longer renew must have stopped
// its ffmpeg before the lease runs out, or two nodes would publish the same stream key. A node frozen
// by SIGSTOP, blocked in its event loop or cut off from the database cannot stop anything itself, so
// the ending must not depend on it running: the node writes a deadline file per child (moved forward
// at every renewal, see lease-deadlines.ts), and this program, in its own session so that a signal to
// the node's process group does not reach it, kills whatever is past its deadline.
//
// Run as `bun lease-watchdog.ts <folder> <parentPid>`. It imports node: built-ins and lease-files.ts
// (which imports nothing else) only, so it starts in milliseconds and holds nothing of the console:
// no secrets, no database.

import { readdirSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";
import {
  type DeadlineFile,
  EXIT_HELD,
  LOCK_NAME,
  type LockFile,
  parseDeadline,
  processStat,
  readLock,
  runsAsStarted,
  startTimeOf,
  takeLock,
} from "./lease-files";

/** The longest wait between two looks at the folder, which is how late a new or moved file is seen. */
const TICK_MS = 200;
/** How often files of children that died without a release are looked for. */
const SWEEP_MS = 1000;
/** A temporary file this old was left by a writer that died between writing and renaming. */
const STALE_TMP_MS = 60_000;

/** One line on stderr; never throws (a closed or broken stderr must not stop the watchdog). */
function say(message: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level: "warn", message, ...fields });
  try {
    writeSync(2, `${line}\n`);
  } catch {}
}

interface Known {
  /** Changes whenever the file is replaced or rewritten. */
  key: string;
  file: DeadlineFile | undefined;
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {}
}

function fileKey(path: string): string | undefined {
  try {
    const st = statSync(path, { bigint: true });
    return `${st.ino}:${st.mtimeNs}:${st.ctimeNs}:${st.size}`;
  } catch {
    return undefined;
  }
}

function readDeadline(path: string, name: string): DeadlineFile | undefined {
  try {
    return parseDeadline(name, readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

/** Kills a child past its deadline if it still runs as the child it was; says so either way it goes. */
function killLate(file: DeadlineFile, now: number): void {
  if (!runsAsStarted(file.pid, file.startTime)) return;
  try {
    process.kill(file.pid, "SIGKILL");
    say("Lease watchdog killed a child past its lease deadline", {
      pid: file.pid,
      late_ms: now - file.deadline,
    });
  } catch (err) {
    say("Lease watchdog could not kill a child past its lease deadline", {
      pid: file.pid,
      error: String(err),
    });
  }
}

class Watchdog {
  private readonly me: LockFile;
  /** Each deadline file as last read, so an unchanged file costs one stat per look. */
  private readonly known = new Map<string, Known>();
  private parentGone: boolean;
  private lastSweep = 0;

  constructor(
    private readonly folder: string,
    parentPid: number,
  ) {
    const parentStartTime = startTimeOf(parentPid) ?? null;
    this.me = { pid: process.pid, startTime: startTimeOf(process.pid) ?? 0, parentPid, parentStartTime };
    this.parentGone = parentStartTime === null;
  }

  run(): void {
    if (!takeLock(this.folder, this.me)) process.exit(EXIT_HELD);
    // The one line on stdout: the node waits for it, then never reads this pipe again.
    const ownSession = processStat(process.pid)?.session === process.pid;
    writeSync(1, `${JSON.stringify({ pid: process.pid, ownSession })}\n`);
    // SIGTERM (the node stopping on purpose) ends the watch once no child is left to guard.
    const drain = () => {
      this.parentGone = true;
    };
    process.on("SIGTERM", drain);
    process.on("SIGINT", drain);
    process.on("SIGHUP", () => {});
    this.tick();
  }

  private tick(): void {
    let next = Date.now() + TICK_MS;
    try {
      next = this.scan();
    } catch (err) {
      say("Lease watchdog could not read its folder", { error: String(err) });
    }
    // Woken at the earliest deadline rather than the next tick, so a kill is not up to a tick late.
    setTimeout(() => this.tick(), Math.max(0, next - Date.now()));
  }

  /** One look at the folder; answers when to look next. */
  private scan(): number {
    const holder = readLock(this.folder);
    if (holder && holder.pid !== process.pid) this.leave(false);
    // A lock removed under it is put back, so that a second watchdog still finds it held.
    if (!holder) takeLock(this.folder, this.me);
    const now = Date.now();
    const sweep = now - this.lastSweep >= SWEEP_MS;
    if (sweep) this.lastSweep = now;
    if (!this.parentGone && !runsAsStarted(this.me.parentPid, this.me.parentStartTime))
      this.parentGone = true;
    let names: string[] = [];
    try {
      names = readdirSync(this.folder);
    } catch {}
    let left = 0;
    let next = now + TICK_MS;
    const seen = new Set<string>();
    for (const name of names) {
      if (/^[0-9]+$/.test(name)) {
        seen.add(name);
        const pending = this.look(name, now, sweep);
        if (pending === undefined) continue;
        left++;
        next = Math.min(next, pending);
      } else if (sweep && name.endsWith(".tmp")) {
        const path = join(this.folder, name);
        const age = now - (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? now);
        if (age > STALE_TMP_MS) removeQuietly(path);
      }
    }
    for (const name of this.known.keys()) if (!seen.has(name)) this.known.delete(name);
    if (this.parentGone && left === 0) this.leave(true);
    return next;
  }

  /** Acts on one deadline file; answers its deadline while it still guards a child. */
  private look(name: string, now: number, sweep: boolean): number | undefined {
    const path = join(this.folder, name);
    const key = fileKey(path);
    if (key === undefined) return undefined;
    let entry = this.known.get(name);
    if (entry?.key !== key) {
      entry = { key, file: readDeadline(path, name) };
      this.known.set(name, entry);
    }
    const file = entry.file;
    if (file === undefined) {
      say("Lease watchdog removed a deadline file it cannot read", { file: name });
    } else if (file.deadline <= now) {
      // Read again before acting: a renewal may have moved the deadline a moment ago.
      const fresh = readDeadline(path, name);
      if (fresh && fresh.deadline > now) {
        this.known.set(name, { key: fileKey(path) ?? "", file: fresh });
        return fresh.deadline;
      }
      killLate(fresh ?? file, now);
    } else if (!sweep || runsAsStarted(file.pid, file.startTime) || fileKey(path) !== key) {
      return file.deadline;
    }
    // Unreadable, acted on, or its child died without a release.
    removeQuietly(path);
    this.known.delete(name);
    return undefined;
  }

  private leave(ownLock: boolean): never {
    if (ownLock) removeQuietly(join(this.folder, LOCK_NAME));
    process.exit(0);
  }
}

export function runWatchdog(folder: string, parentPid: number): void {
  new Watchdog(folder, parentPid).run();
}

if (import.meta.main) {
  const [folder, parent] = process.argv.slice(2);
  const parentPid = Number(parent);
  if (!folder || !Number.isSafeInteger(parentPid) || parentPid < 1) {
    say("Usage: bun lease-watchdog.ts <folder> <parentPid>");
    process.exit(2);
  }
  runWatchdog(folder, parentPid);
}
