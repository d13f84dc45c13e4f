import { join } from "node:path";
import { loadEnv } from "@server/platform/env";
import { tiedCommand } from "@server/platform/process/child-process";
import type { Subprocess } from "bun";

// What `npm start` runs: keeps one server process (server/main.ts) alive. Stop signals are passed on
// so the server shuts down gracefully; an unexpected death is answered by a new server at once (its
// start-up reconcile resumes the auto-restart streams). A server that keeps dying is restarted less
// and less often, and the keeper says so. The server is tied to the keeper: if the keeper is killed,
// the kernel kills the server too, and the server's own children with it.
// Under systemd or Docker, run server/main.ts directly: they restart it already.

/** Bun's parser refuses headers over 16 KiB with an empty 431: raised so the server's own limits
 * answer over-long URLs and headers in JSON. */
export const SERVER_BUN_FLAGS = ["--max-http-header-size=65536"];
/** Crashes within this window count towards the backoff. */
export const CRASH_WINDOW_MS = 60_000;
const BACKOFF_BASE_MS = 1000;
const BACKOFF_CAP_MS = 30_000;
/** A server that has not stopped this long after the stop signal is killed. */
const STOP_DEADLINE_MS = 8000;

/** Delay before restarting, given how many crashes happened within the window (this one included). */
export function restartDelay(recentCrashes: number): number {
  if (recentCrashes <= 1) return 0;
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (recentCrashes - 2));
}

const say = (line: string) => process.stderr.write(`[keeper] ${line}\n`);

function describeExit(child: Subprocess): string {
  return child.signalCode ? `was killed by ${child.signalCode}` : `exited with code ${child.exitCode}`;
}

async function keep(): Promise<number> {
  const main = join(import.meta.dir, "main.ts");
  const argv = tiedCommand([process.execPath, ...SERVER_BUN_FLAGS, main, ...process.argv.slice(2)]);
  let child: Subprocess | null = null;
  let stopping: NodeJS.Signals | null = null;
  let wake: (() => void) | null = null;
  const crashes: number[] = [];

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    // A hang-up means "stop" for a foreground service; the server shuts down on SIGTERM.
    stopping = signal === "SIGHUP" ? "SIGTERM" : signal;
    say(`${signal}: stopping the server`);
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill(stopping);
      const victim = child;
      setTimeout(() => victim.kill("SIGKILL"), STOP_DEADLINE_MS).unref();
    }
    wake?.();
  };
  for (const s of ["SIGTERM", "SIGINT", "SIGHUP"] as const) process.on(s, () => onSignal(s));

  for (;;) {
    child = Bun.spawn(argv, { stdin: "inherit", stdout: "inherit", stderr: "inherit" });
    const started = Date.now();
    await child.exited;
    if (stopping) return child.exitCode ?? 0;
    // The server stopped by itself, cleanly: nothing to keep.
    if (child.exitCode === 0) return 0;
    const now = Date.now();
    crashes.push(now);
    while (crashes.length && now - crashes[0]! > CRASH_WINDOW_MS) crashes.shift();
    const delay = restartDelay(crashes.length);
    const ran = Math.round((now - started) / 1000);
    if (delay === 0) {
      say(`the server ${describeExit(child)} after ${ran} s; starting it again`);
      continue;
    }
    say(
      `the server ${describeExit(child)} after ${ran} s, ${crashes.length} times in the last minute; starting it again in ${delay / 1000} s`,
    );
    await new Promise<void>((resolve) => {
      wake = resolve;
      setTimeout(resolve, delay);
    });
    wake = null;
    if (stopping) return 0;
  }
}

if (import.meta.main) {
  try {
    // A wrong setting would only make the server fail again and again: refuse it here, once.
    loadEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  process.exit(await keep());
}
