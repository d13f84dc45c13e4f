import { readFileSync } from "node:fs";
import { childRegistry } from "@server/platform/process/child-registry";

// CPU of the server and its ffmpeg children, read from /proc. Percent of one core, so 2 busy cores
// read 200. Figures are the average since the previous reading (or since start, the first time).

/** Linux's USER_HZ; 100 on every architecture Bun runs on. */
const CLOCK_TICKS = 100;

/** utime + stime of a process in clock ticks, or null if it is gone. */
export function cpuTicks(pid: number | "self"): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces and parentheses: fields are counted after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** Seconds since the process started, from /proc (field 22 is the start time in ticks since boot). */
function processAgeSeconds(): number {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const startTicks = Number(fields[19]);
    const uptime = Number(readFileSync("/proc/uptime", "utf8").split(" ")[0]);
    return Math.max(0.01, uptime - startTicks / CLOCK_TICKS);
  } catch {
    return process.uptime();
  }
}

/** Readings closer together than this answer the previous figure: a few ticks make no average. */
const MIN_INTERVAL_MS = 1000;

export class CpuSampler {
  private last: { at: number; self: number; children: Map<number, number> } | null = null;
  private lastPercent = 0;

  /** Percent (one decimal) of one core used by this process and the given child pids. */
  sample(childPids: number[], nowMs = performance.now()): number {
    if (this.last && nowMs - this.last.at < MIN_INTERVAL_MS) return this.lastPercent;
    const self = cpuTicks("self") ?? 0;
    const children = new Map<number, number>();
    for (const pid of childPids) {
      const t = cpuTicks(pid);
      if (t !== null) children.set(pid, t);
    }
    let ticks: number;
    let seconds: number;
    if (!this.last) {
      ticks = self + [...children.values()].reduce((a, b) => a + b, 0);
      seconds = processAgeSeconds();
    } else {
      ticks = self - this.last.self;
      // A child seen for the first time counts from its own start.
      for (const [pid, t] of children) ticks += t - (this.last.children.get(pid) ?? 0);
      seconds = (nowMs - this.last.at) / 1000;
    }
    this.last = { at: nowMs, self, children };
    this.lastPercent = seconds > 0 ? Math.round((ticks / CLOCK_TICKS / seconds) * 1000) / 10 : 0;
    return this.lastPercent;
  }
}

const serverSampler = new CpuSampler();

/** The server and every child it started (streams, preparations, probes, posters), percent of one core. */
export function serverCpuPercent(): number {
  return serverSampler.sample(childRegistry.pids());
}
