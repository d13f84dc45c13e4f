import type { Subprocess } from "bun";

// Every child process this server starts, whoever started it: stream and preparation ffmpegs, the
// ffprobe and poster runs of an upload, the demo's tools. spawnTied adds each one on spawn and it
// leaves on exit, so "kill everything" (shutdown's sweep, the last resort on process exit) misses
// none, and the CPU figure counts them all.

export type ChildKind = "stream" | "preparation" | "probe" | "poster" | "tool";

export interface RegisteredChild {
  pid: number;
  kind: ChildKind;
  child: Subprocess;
}

export class ChildRegistry {
  private readonly children = new Map<number, RegisteredChild>();

  /** Tracks the child until it exits. */
  add(child: Subprocess, kind: ChildKind): void {
    const entry = { pid: child.pid, kind, child };
    this.children.set(child.pid, entry);
    void child.exited.then(
      () => this.remove(entry),
      () => this.remove(entry),
    );
  }

  private remove(entry: RegisteredChild): void {
    // A reused pid may already belong to a newer child: only its own entry leaves.
    if (this.children.get(entry.pid) === entry) this.children.delete(entry.pid);
  }

  list(kind?: ChildKind): RegisteredChild[] {
    const all = [...this.children.values()];
    return kind ? all.filter((c) => c.kind === kind) : all;
  }

  pids(kind?: ChildKind): number[] {
    return this.list(kind).map((c) => c.pid);
  }

  /** SIGKILL to every child still running; synchronous, so it also works inside process.on("exit"). */
  killAllNow(): number {
    let killed = 0;
    for (const { child } of this.children.values()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      try {
        child.kill("SIGKILL");
        killed += 1;
      } catch {
        // Already gone.
      }
    }
    return killed;
  }
}

/** The registry of this process: one server, one set of children. */
export const childRegistry = new ChildRegistry();
