import { afterEach, expect, test } from "bun:test";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deadlineFolder, LeaseDeadlines } from "@server/platform/process/lease-deadlines";
import {
  EXIT_HELD,
  LOCK_NAME,
  processStat,
  readLock,
  startTimeOf,
} from "@server/platform/process/lease-files";
import { waitUntil } from "../../support/wait";

// The lease watchdog ends a guarded child at its deadline whether or not the node that guards it
// still runs: frozen with SIGSTOP, killed with SIGKILL, or simply no longer renewing. Real
// processes and signals throughout; a child counts as dead once it is gone or a zombie (a frozen
// parent cannot reap it, but a zombie publishes nothing).

const ROOT = join(import.meta.dir, "..", "..", "..");
const WATCHDOG = join(ROOT, "server", "platform", "process", "lease-watchdog.ts");
const NODE = join(ROOT, "test", "support", "lease-node.ts");

const dead = (pid: number) => {
  const state = processStat(pid)?.state;
  return state === undefined || state === "Z" || state === "X";
};

/** A signal to a process that may be gone already (reaped by whoever adopted it). */
const signal = (pid: number, sig: NodeJS.Signals) => {
  try {
    process.kill(pid, sig);
  } catch {}
};

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

/** A fresh folder for deadline files, and a log file the watchdog writes its lines to. */
function place() {
  const dir = mkdtempSync(join(tmpdir(), "lease-watchdog-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const log = join(dir, "watchdog.log");
  writeFileSync(log, "");
  return { folder: join(dir, "deadlines"), log };
}

/** The watchdog's lines, parsed. */
function logLines(log: string): { message: string; pid?: number; late_ms?: number }[] {
  return readFileSync(log, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}
const killsOf = (log: string, pid: number) =>
  logLines(log).filter((l) => l.pid === pid && l.late_ms !== undefined);

async function started(folder: string, log: string): Promise<LeaseDeadlines> {
  const deadlines = new LeaseDeadlines({ folder, stderr: openSync(log, "a") });
  await deadlines.start();
  cleanups.push(async () => {
    for (const name of readdirSync(folder).filter((n) => /^[0-9]+$/.test(n))) deadlines.release(Number(name));
    await deadlines.stop();
  });
  return deadlines;
}

function sleeper() {
  const child = Bun.spawn(["sleep", "1000"], { stdin: "ignore", stdout: "ignore", stderr: "ignore" });
  cleanups.push(() => child.kill("SIGKILL"));
  return child;
}

/** Waits until the clock reads `at` (epoch ms): the point of the wait is the time itself. */
const reach = (at: number, what: string) =>
  waitUntil(() => Date.now() >= at, at - Date.now() + 2000, what, 5);

/** A stand-in node process (test/support/lease-node.ts) and the JSON lines it prints. */
function startNode(folder: string, log: string, mode: "tied" | "untied") {
  const node = Bun.spawn([process.execPath, NODE, folder, log, mode], {
    stdin: "ignore",
    stdout: "pipe",
    stderr: "inherit",
    detached: true,
  });
  cleanups.push(() => signal(-node.pid, "SIGKILL"));
  const lines: Record<string, number | string>[] = [];
  void (async () => {
    let text = "";
    for await (const chunk of node.stdout) {
      text += new TextDecoder().decode(chunk);
      for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n")) {
        lines.push(JSON.parse(text.slice(0, i)));
        text = text.slice(i + 1);
      }
    }
  })();
  return { node, lines };
}

/** The deadline a file holds now. */
const deadlineIn = (folder: string, pid: number): number =>
  JSON.parse(readFileSync(join(folder, String(pid)), "utf8")).deadline;

test("a guarded child is killed just after its deadline, not before", async () => {
  const { folder, log } = place();
  const deadlines = await started(folder, log);
  const child = sleeper();
  const deadline = Date.now() + 600;
  expect(deadlines.guard(child.pid, deadline)).toBe(true);
  await reach(deadline - 100, "just before the deadline");
  expect(dead(child.pid)).toBe(false);
  await waitUntil(() => dead(child.pid), 3000, "the child to be killed");
  await child.exited;
  expect(child.signalCode).toBe("SIGKILL");
  const [kill] = killsOf(log, child.pid);
  expect(kill?.late_ms).toBeGreaterThanOrEqual(0);
  expect(kill?.late_ms).toBeLessThanOrEqual(300);
  await waitUntil(() => !existsSync(join(folder, String(child.pid))), 2000, "its file to be removed");
});

test("a child whose deadline keeps moving forward outlives its first deadline", async () => {
  const { folder, log } = place();
  const deadlines = await started(folder, log);
  const renewed = sleeper();
  const once = sleeper();
  const first = Date.now() + 400;
  deadlines.guard(renewed.pid, first);
  deadlines.guard(once.pid, first);
  const timer = setInterval(() => deadlines.guard(renewed.pid, Date.now() + 400), 100);
  cleanups.push(() => clearInterval(timer));
  await waitUntil(() => dead(once.pid), 3000, "the child guarded once to be killed");
  await reach(first + 500, "well past the first deadline");
  expect(dead(renewed.pid)).toBe(false);
  clearInterval(timer);
  await waitUntil(() => dead(renewed.pid), 3000, "the child no longer renewed to be killed");
  expect(killsOf(log, renewed.pid)).toHaveLength(1);
});

test("a frozen node's child dies at its deadline, and the node carries on when thawed", async () => {
  const { folder, log } = place();
  const { node, lines } = startNode(folder, log, "tied");
  const hello = await waitUntil(() => lines.find((l) => l.child), 10_000, "the node to start");
  const child = Number(hello.child);
  const watchdog = Number(hello.watchdog);
  await waitUntil(() => lines.filter((l) => l.renewed).length >= 3, 5000, "the node to renew");
  // The node's whole process group, child included: the watchdog leads a session of its own.
  process.kill(-node.pid, "SIGSTOP");
  await waitUntil(() => processStat(node.pid)?.state === "T", 2000, "the node to stop");
  const deadline = deadlineIn(folder, child);
  await reach(deadline - 100, "just before the last deadline written");
  expect(dead(child)).toBe(false);
  await waitUntil(() => dead(child), 3000, "the frozen node's child to be killed");
  expect(processStat(node.pid)?.state).toBe("T");
  expect(killsOf(log, child)[0]?.late_ms).toBeLessThanOrEqual(300);
  process.kill(-node.pid, "SIGCONT");
  await waitUntil(() => lines.find((l) => l.exited), 5000, "the thawed node to see its child end");
  expect(lines.find((l) => l.exited)?.exited).toBe("SIGKILL");
  node.kill("SIGTERM");
  expect(await node.exited).toBe(0);
  await waitUntil(() => dead(watchdog), 3000, "the watchdog to end with the node");
  expect(existsSync(join(folder, LOCK_NAME))).toBe(false);
});

test("a killed node's untied child dies at its deadline, then the watchdog ends", async () => {
  const { folder, log } = place();
  const { node, lines } = startNode(folder, log, "untied");
  const hello = await waitUntil(() => lines.find((l) => l.child), 10_000, "the node to start");
  const child = Number(hello.child);
  const watchdog = Number(hello.watchdog);
  cleanups.push(() => signal(child, "SIGKILL"));
  node.kill("SIGKILL");
  await node.exited;
  const deadline = deadlineIn(folder, child);
  await reach(deadline - 100, "just before the last deadline written");
  expect(dead(child)).toBe(false);
  expect(dead(watchdog)).toBe(false);
  await waitUntil(() => dead(child), 3000, "the orphan to be killed");
  expect(killsOf(log, child)[0]?.late_ms).toBeLessThanOrEqual(300);
  await waitUntil(() => dead(watchdog), 3000, "the watchdog to end once no file is left");
  expect(readdirSync(folder)).toEqual([]);
});

test("a new node's watchdog takes over from the one a killed node left, deadlines and all", async () => {
  const { folder, log } = place();
  const { node, lines } = startNode(folder, log, "untied");
  const hello = await waitUntil(() => lines.find((l) => l.child), 10_000, "the node to start");
  const child = Number(hello.child);
  const orphaned = Number(hello.watchdog);
  cleanups.push(() => signal(child, "SIGKILL"));
  node.kill("SIGKILL");
  await node.exited;
  const deadlines = await started(folder, log);
  expect(deadlines.watchdogPid).not.toBe(orphaned);
  expect(readLock(folder)?.pid).toBe(deadlines.watchdogPid);
  await waitUntil(() => dead(orphaned), 3000, "the orphaned watchdog to leave");
  await waitUntil(() => dead(child), 5000, "the orphan to be killed at its deadline");
  expect(killsOf(log, child)).toHaveLength(1);
});

test("a watchdog killed under a running node is started again and keeps the deadlines", async () => {
  const { folder, log } = place();
  const deadlines = await started(folder, log);
  const first = deadlines.watchdogPid ?? 0;
  const child = sleeper();
  deadlines.guard(child.pid, Date.now() + 2500);
  signal(first, "SIGKILL");
  const second = await waitUntil(
    () => (deadlines.watchdogPid !== first ? deadlines.watchdogPid : undefined),
    5000,
    "a new watchdog",
  );
  expect(readLock(folder)?.pid).toBe(second);
  await waitUntil(() => dead(child.pid), 5000, "the child to be killed at its deadline");
  expect(killsOf(log, child.pid)).toHaveLength(1);
});

test("a process that reuses a guarded pid is never killed", async () => {
  const { folder, log } = place();
  await started(folder, log);
  const stranger = sleeper();
  const startTime = startTimeOf(stranger.pid) ?? 0;
  // What a node left for an earlier process with this pid: another start time, a deadline long past.
  const file = join(folder, String(stranger.pid));
  writeFileSync(
    file,
    JSON.stringify({ pid: stranger.pid, startTime: startTime + 1, deadline: Date.now() - 1000 }),
  );
  await waitUntil(() => !existsSync(file), 3000, "the stale file to be removed");
  expect(dead(stranger.pid)).toBe(false);
  expect(killsOf(log, stranger.pid)).toEqual([]);
});

test("a released child is never killed", async () => {
  const { folder, log } = place();
  const deadlines = await started(folder, log);
  const released = sleeper();
  const canary = sleeper();
  const deadline = Date.now() + 300;
  deadlines.guard(released.pid, deadline);
  deadlines.guard(canary.pid, deadline);
  deadlines.release(released.pid);
  await waitUntil(() => dead(canary.pid), 3000, "the guarded child to be killed");
  expect(dead(released.pid)).toBe(false);
  expect(killsOf(log, released.pid)).toEqual([]);
});

test("a second watchdog for the same folder leaves at once; a second node is refused", async () => {
  const { folder, log } = place();
  const deadlines = await started(folder, log);
  const second = Bun.spawn([process.execPath, WATCHDOG, folder, String(process.pid)], {
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  expect(await second.exited).toBe(EXIT_HELD);
  expect(await new Response(second.stdout).text()).toBe("");
  expect(readLock(folder)?.pid).toBe(deadlines.watchdogPid);
  expect(dead(deadlines.watchdogPid ?? 0)).toBe(false);
  await expect(new LeaseDeadlines({ folder, stderr: "ignore" }).start()).rejects.toThrow(
    "A lease watchdog already watches",
  );
  expect(readLock(folder)?.pid).toBe(deadlines.watchdogPid);
});

test("a guard for a child already gone writes nothing", async () => {
  const { folder, log } = place();
  const deadlines = await started(folder, log);
  const child = Bun.spawn(["true"]);
  await child.exited;
  expect(deadlines.guard(child.pid, Date.now() + 1000)).toBe(false);
  expect(existsSync(join(folder, String(child.pid)))).toBe(false);
});

test("a folder others could write to, or a link, is refused before any watchdog starts", async () => {
  const { folder } = place();
  mkdirSync(folder);
  chmodSync(folder, 0o777);
  await expect(new LeaseDeadlines({ folder, stderr: "ignore" }).start()).rejects.toThrow(
    "only it can write to",
  );
  const link = `${folder}-link`;
  const target = `${folder}-target`;
  mkdirSync(target, { mode: 0o700 });
  symlinkSync(target, link);
  await expect(new LeaseDeadlines({ folder: link, stderr: "ignore" }).start()).rejects.toThrow(
    "only it can write to",
  );
  expect(readdirSync(target)).toEqual([]);
});

test("deadline files live in memory where the machine has a tmpfs", () => {
  const folder = deadlineFolder("node a/1", "/data");
  expect(folder.endsWith(`stream-console-${process.getuid?.() ?? 0}-node_a_1`)).toBe(true);
  const dir = folder.slice(0, folder.lastIndexOf("/"));
  if (statfsSync("/dev/shm").type === 0x01021994) expect(statfsSync(dir).type).toBe(0x01021994);
});
