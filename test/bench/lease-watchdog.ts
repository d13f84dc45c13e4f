// Lease watchdog benchmark: how late after its deadline a guarded child dies, what a renewal costs
// the node, and what the watchdog costs the machine while it guards many children. Real `sleep`
// children, the real watchdog process. It prints figures beside budgets and asserts nothing.
// Run: bun test/bench/lease-watchdog.ts   (env: KILLS=20, GUARDED=200, WATCH_S=15)

import { mkdtempSync, openSync, readFileSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deadlineFolder, LeaseDeadlines } from "@server/platform/process/lease-deadlines";

const KILLS = Number(process.env.KILLS ?? 20);
const GUARDED = Number(process.env.GUARDED ?? 200);
const WATCH_S = Number(process.env.WATCH_S ?? 15);
const RENEW_MS = 3000;

const work = mkdtempSync(join(tmpdir(), "console-bench-lease-"));
const logFile = join(work, "watchdog.log");
// Where a node would keep them: tmpfs when the machine has one.
const folder = deadlineFolder(`bench-${process.pid}`, work);

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};
const row = (what: string, figure: string, budget: string) =>
  console.log(`${what.padEnd(52)} ${figure.padEnd(34)} budget ${budget}`);
const sleeper = () => Bun.spawn(["sleep", "1000"], { stdin: "ignore", stdout: "ignore", stderr: "ignore" });

const fsName = (path: string) => (statfsSync(path).type === 0x01021994 ? "tmpfs" : "disk");

/** CPU seconds (user + system) and resident MB of a process, from /proc. */
function usage(pid: number): { cpu: number; rssMb: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  // Fields 14 and 15 (utime, stime) in clock ticks of 1/100 s.
  return { cpu: (Number(f[11]) + Number(f[12])) / 100, rssMb: rssKb / 1024 };
}

/** KILLS children with deadlines `spacing` ms apart: ms from each deadline to the parent seeing it die. */
async function killRound(deadlines: LeaseDeadlines, spacing: number): Promise<number[]> {
  const children = Array.from({ length: KILLS }, sleeper);
  const base = Date.now() + 500;
  const died = children.map((child, i) => {
    const deadline = base + i * spacing;
    deadlines.guard(child.pid, deadline);
    return child.exited.then(() => Date.now() - deadline);
  });
  return Promise.all(died);
}

const lateInLog = () =>
  readFileSync(logFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l).late_ms as number)
    .filter((v) => typeof v === "number");

try {
  const deadlines = new LeaseDeadlines({ folder, stderr: openSync(logFile, "a") });
  const t0 = performance.now();
  await deadlines.start();
  const startMs = performance.now() - t0;
  const watchdog = deadlines.watchdogPid ?? 0;
  row("watchdog start (spawn to watching)", `${startMs.toFixed(1)} ms`, "≤ 200 ms");

  const spaced = await killRound(deadlines, 97);
  const together = await killRound(deadlines, 0);
  const logged = lateInLog();
  const fmt = (xs: number[]) => `p50 ${percentile(xs, 50)} ms, max ${Math.max(...xs)} ms`;
  row(`kill after deadline, ${KILLS} deadlines 97 ms apart`, fmt(spaced), "≤ 300 ms");
  row(`kill after deadline, ${KILLS} at the same instant`, fmt(together), "≤ 300 ms");
  row("  as the watchdog measured it (all kills)", fmt(logged), "");

  const guarded = Array.from({ length: GUARDED }, sleeper);
  const renewAll = () => {
    const at = Date.now() + 2 * RENEW_MS;
    for (const child of guarded) deadlines.guard(child.pid, at);
  };
  renewAll();
  const rounds = 20;
  const t1 = performance.now();
  for (let i = 0; i < rounds; i++) renewAll();
  const perGuardUs = ((performance.now() - t1) * 1000) / (rounds * GUARDED);
  row(`one renewal write (${GUARDED} files, ${fsName(folder)})`, `${perGuardUs.toFixed(1)} µs`, "≤ 100 µs");
  const onDisk = new LeaseDeadlines({ folder: join(work, "on-disk") });
  await onDisk.start();
  for (const child of guarded) onDisk.guard(child.pid, Date.now() + 2 * RENEW_MS);
  const t2 = performance.now();
  for (const child of guarded) onDisk.guard(child.pid, Date.now() + 2 * RENEW_MS);
  const diskUs = ((performance.now() - t2) * 1000) / GUARDED;
  row(`  the same in a folder on ${fsName(work)}`, `${diskUs.toFixed(1)} µs`, "");
  for (const child of guarded) onDisk.release(child.pid);
  await onDisk.stop();

  const before = usage(watchdog);
  const timer = setInterval(renewAll, RENEW_MS);
  await Bun.sleep(WATCH_S * 1000);
  clearInterval(timer);
  const after = usage(watchdog);
  const percent = ((after.cpu - before.cpu) / WATCH_S) * 100;
  row(`watchdog CPU, ${GUARDED} children renewed every 3 s`, `${percent.toFixed(2)} % of a core`, "≤ 2 %");
  row("watchdog resident memory", `${after.rssMb.toFixed(1)} MB`, "");

  for (const child of guarded) {
    deadlines.release(child.pid);
    child.kill("SIGKILL");
  }
  await deadlines.stop();
} finally {
  rmSync(work, { recursive: true, force: true });
  rmSync(folder, { recursive: true, force: true });
}
