import { log } from "@server/platform/log";
import type { Subprocess } from "bun";
import { type ChildKind, childRegistry } from "./child-registry";

// Every child the server starts (ffmpeg streams and preparations, ffprobe, posters) is tied to the
// server's life: when the server dies, whatever the signal (SIGKILL included), the kernel kills the
// child too. util-linux's `setpriv --pdeathsig` asks for that (PR_SET_PDEATHSIG) and then execs the
// command, so the pid and /proc/<pid>/cmdline are the tool's own and the start-up reconcile still
// recognises a leftover ffmpeg. The kernel fires the signal when the thread that spawned the child
// ends; Bun.spawn runs on the JavaScript thread, which lives as long as the process.

export type DeathSignal = "KILL" | "TERM";

/**
 * The only variables a child inherits. The server's environment holds Steam keys, the admin
 * password, tokens and the database's place; ffmpeg and ffprobe parse untrusted uploads and talk to
 * remote ingests, so they get what finds programs, speaks the locale and tells the time, and no more.
 */
const CHILD_ENV_NAMES = ["PATH", "LANG", "LANGUAGE", "TZ", "HOME", "TMPDIR"];
const CHILD_ENV_PREFIXES = ["LC_"];

/** The environment every child is started with: the allow-list above, taken from `from`. */
export function childEnv(from: Record<string, string | undefined> = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(from)) {
    if (value === undefined) continue;
    if (CHILD_ENV_NAMES.includes(name) || CHILD_ENV_PREFIXES.some((p) => name.startsWith(p)))
      env[name] = value;
  }
  return env;
}

let setprivWorks: boolean | undefined;
let warned = false;

/** Whether `setpriv --pdeathsig` works here (checked once: absent off Linux or without util-linux). */
export function canTieChildren(): boolean {
  if (setprivWorks === undefined) {
    try {
      setprivWorks =
        process.platform === "linux" &&
        Bun.spawnSync(["setpriv", "--pdeathsig", "KILL", "--", "true"], {
          env: childEnv(),
          stdin: "ignore",
          stdout: "ignore",
          stderr: "ignore",
        }).exitCode === 0;
    } catch {
      setprivWorks = false;
    }
  }
  return setprivWorks;
}

/** The command line that runs argv tied to its parent, or argv itself where that cannot be done. */
export function tiedCommand(argv: string[], signal: DeathSignal = "KILL"): string[] {
  if (canTieChildren()) return ["setpriv", "--pdeathsig", signal, "--", ...argv];
  if (!warned) {
    warned = true;
    log.warn(
      "setpriv (util-linux) is not available: child processes may outlive the server if it is killed. The next start still stops the ffmpeg it finds.",
    );
  }
  return argv;
}

export type PipedChild = Subprocess<"ignore", "pipe", "pipe">;

/**
 * Spawns a tool that dies with the server, stdout and stderr piped. With ownGroup the child gets a
 * session of its own, so a Ctrl-C in the terminal reaches the server (which stops it gracefully and
 * records the stream) rather than ffmpeg directly. The child sees only `childEnv()`. Every child is
 * entered in the child registry under its kind until it exits.
 */
export function spawnTied(argv: string[], opts: { ownGroup?: boolean; kind?: ChildKind } = {}): PipedChild {
  // Found first, so a missing tool fails here as a plain spawn would, not later inside setpriv.
  const [command = "", ...args] = argv;
  const executable = Bun.which(command);
  if (!executable) throw new Error(`${command} was not found or is not executable`);
  const child = Bun.spawn(tiedCommand([executable, ...args]), {
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    detached: opts.ownGroup ?? false,
    env: childEnv(),
  });
  childRegistry.add(child, opts.kind ?? "tool");
  return child;
}
