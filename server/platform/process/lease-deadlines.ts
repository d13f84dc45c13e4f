import { lstatSync, mkdirSync, renameSync, statfsSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { log } from "@server/platform/log";
import type { Subprocess } from "bun";
import { childEnv } from "./child-process";
import { EXIT_HELD, startTimeOf } from "./lease-files";

// The node's side of the lease watchdog (lease-watchdog.ts): it starts the watchdog and keeps one
// deadline file per guarded child. A renewal moves the deadline forward; a node that stops renewing
// (frozen, blocked, cut off from the database) has its children killed at their deadlines by the
// watchdog, which does not need this process to run.

const WATCHDOG = join(import.meta.dir, "lease-watchdog.ts");
/** How long start() waits for the watchdog to say it watches the folder. */
const READY_TIMEOUT_MS = 5000;
/** Pause before starting a watchdog again after it ended unexpectedly. */
const RESTART_DELAY_MS = 1000;

export interface LeaseDeadlinesOptions {
  /** This node's own folder of deadline files (created, private to the user). */
  folder: string;
  /** Where the watchdog's lines go: the node's stderr unless a file descriptor is given. */
  stderr?: "inherit" | "ignore" | number;
}

type Watchdog = Subprocess<"ignore", "pipe", "inherit" | "ignore" | number>;

/** statfs's type for tmpfs. */
const TMPFS_MAGIC = 0x01021994;

/**
 * Where a node keeps its deadline files: in memory (the user's runtime folder or /dev/shm) where the
 * machine has a tmpfs, else under `fallbackDir`. They are runtime state only, and a replacing rename
 * costs microseconds on tmpfs against a millisecond or more on a disk file system (ext4 measured),
 * which 200 streams renewing every 3 s would feel.
 */
export function deadlineFolder(nodeName: string, fallbackDir: string): string {
  const name = `stream-console-${process.getuid?.() ?? 0}-${nodeName.replace(/[^A-Za-z0-9._-]/g, "_")}`;
  for (const base of [process.env.XDG_RUNTIME_DIR, "/dev/shm"]) {
    try {
      if (base && statfsSync(base).type === TMPFS_MAGIC) return join(base, name);
    } catch {}
  }
  return join(fallbackDir, "leases", name);
}

/**
 * The folder decides which processes get killed, so it must be this user's own: a real directory
 * (not a link) that no one else can write to. A shared place such as /dev/shm lets anyone create a
 * name first.
 */
function ownFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const st = lstatSync(folder);
  const uid = process.getuid?.();
  if (!st.isDirectory() || (uid !== undefined && st.uid !== uid) || (st.mode & 0o022) !== 0)
    throw new Error(`The lease folder ${folder} is not a directory of this user's that only it can write to`);
}

let setsidPath: string | null | undefined;

/**
 * The watchdog leads a session of its own, so that a signal sent to the node's process group (a
 * terminal's Ctrl-C or Ctrl-Z, `kill -STOP -<pgid>`) does not reach it. util-linux's setsid is not
 * a group leader's fork here (Bun.spawn's child is not one), so it execs and the pid stays the
 * watchdog's; where setsid is missing, Bun's `detached` makes the same setsid() call itself.
 */
function sessionCommand(argv: string[]): { argv: string[]; detached: boolean } {
  if (setsidPath === undefined) setsidPath = Bun.which("setsid");
  return setsidPath ? { argv: [setsidPath, ...argv], detached: false } : { argv, detached: true };
}

export class LeaseDeadlines {
  private readonly folder: string;
  private readonly stderr: "inherit" | "ignore" | number;
  /** Each guarded child's start time, read once at its first guard, while the pid is surely it. */
  private readonly startTimes = new Map<number, number>();
  private watchdog: Watchdog | undefined;
  private stopping = false;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(opts: LeaseDeadlinesOptions) {
    this.folder = opts.folder;
    this.stderr = opts.stderr ?? "inherit";
  }

  /** The watchdog's pid while one runs. */
  get watchdogPid(): number | undefined {
    return this.watchdog?.pid;
  }

  /**
   * Starts the watchdog and resolves once it watches the folder. Rejects when another node's live
   * watchdog watches it (a folder belongs to one node); a watchdog left by a node that is gone is
   * taken over. A watchdog that ends unexpectedly is started again while this one is not stopped.
   */
  async start(): Promise<void> {
    this.stopping = false;
    ownFolder(this.folder);
    const { argv, detached } = sessionCommand([process.execPath, WATCHDOG, this.folder, String(process.pid)]);
    const child = Bun.spawn(argv, {
      cwd: this.folder,
      stdin: "ignore",
      stdout: "pipe",
      stderr: this.stderr,
      detached,
      env: childEnv(),
    });
    const line = await firstLine(child);
    if (line === undefined) {
      if (child.exitCode === null) child.kill("SIGKILL");
      const code = await child.exited;
      throw new Error(
        code === EXIT_HELD
          ? `A lease watchdog already watches ${this.folder} for a running node`
          : `The lease watchdog ended at start with code ${code}`,
      );
    }
    const ready = JSON.parse(line) as { pid: number; ownSession: boolean };
    if (!ready.ownSession || ready.pid !== child.pid)
      log.warn(
        "The lease watchdog does not lead its own session: a signal to the node's group may reach it",
        {
          pid: ready.pid,
        },
      );
    this.watchdog = child;
    // Not tied to this process (no pdeathsig) and not keeping it alive: it must outlive this node.
    child.unref();
    void child.exited.then((code) => this.ended(child, code));
  }

  /**
   * Guards a child until deadlineMs (epoch ms): past it the watchdog SIGKILLs the child. Called at
   * spawn and at every renewal, with the lease's end less a margin. The file is replaced whole
   * (written aside, then renamed), so the watchdog never reads half of one. False when the child is
   * already gone: there is nothing to guard.
   */
  guard(pid: number, deadlineMs: number): boolean {
    if (!Number.isSafeInteger(pid) || pid < 2) throw new TypeError(`not a child's pid: ${pid}`);
    if (!Number.isFinite(deadlineMs)) throw new TypeError(`not a deadline: ${deadlineMs}`);
    let startTime = this.startTimes.get(pid);
    if (startTime === undefined) {
      startTime = startTimeOf(pid);
      if (startTime === undefined) return false;
      this.startTimes.set(pid, startTime);
    }
    const tmp = join(this.folder, `.${pid}.${process.pid}.tmp`);
    writeFileSync(tmp, JSON.stringify({ pid, startTime, deadline: Math.floor(deadlineMs) }));
    renameSync(tmp, join(this.folder, String(pid)));
    return true;
  }

  /** Stops guarding a child: it exited, or is being stopped on purpose. */
  release(pid: number): void {
    this.startTimes.delete(pid);
    try {
      unlinkSync(join(this.folder, String(pid)));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
  }

  /**
   * Tells the watchdog to end once no deadline file is left, and resolves when it has: at once when
   * every child was released, else when the last one has died or been killed at its deadline.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const child = this.watchdog;
    if (!child) return;
    child.kill("SIGTERM");
    await child.exited;
  }

  private ended(child: Watchdog, code: number | null): void {
    if (this.watchdog !== child) return;
    this.watchdog = undefined;
    if (this.stopping) return;
    log.warn("The lease watchdog ended; starting it again", { exit_code: code });
    this.restartTimer = setTimeout(() => {
      this.start().catch((err) =>
        log.warn("The lease watchdog could not be started again", { error: String(err) }),
      );
    }, RESTART_DELAY_MS);
    this.restartTimer.unref?.();
  }
}

/** The first line the watchdog writes on stdout, or undefined if it ends (or stays silent) first. */
async function firstLine(child: Watchdog): Promise<string | undefined> {
  const reader = child.stdout.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const timeout = setTimeout(() => void reader.cancel(), READY_TIMEOUT_MS);
  try {
    while (!text.includes("\n")) {
      const { value, done } = await reader.read();
      if (done) return undefined;
      text += decoder.decode(value, { stream: true });
    }
    return text.slice(0, text.indexOf("\n"));
  } finally {
    clearTimeout(timeout);
    reader.releaseLock();
  }
}
