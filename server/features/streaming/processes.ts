import { readFileSync } from "node:fs";
import { looksLikeOurStream } from "./ffmpeg-args";

// Processes a previous server run may have left behind. A pid is only killed when /proc shows it is
// our own ffmpeg: pids get reused, and killing a stranger would be far worse than leaving a stream.

export function commandLine(pid: number): string[] | null {
  try {
    const raw = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return raw ? raw.split("\0").filter((a, i, all) => a !== "" || i < all.length - 1) : null;
  } catch {
    return null;
  }
}

/** Alive and not a zombie. */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

// A re-encode writes its progress to a pipe and its file under a `.part` name (see prepare-args.ts).
const looksLikeOurPreparation = (argv: string[]) =>
  (argv[0]?.split("/").pop() ?? "").includes("ffmpeg") &&
  argv.includes("-progress") &&
  argv.some((a) => a.endsWith(".mp4.part"));

/** SIGKILLs the pid if it is our ffmpeg, then waits (up to 3 s) for it to be gone. */
export async function killIfOurs(pid: number, kind: "stream" | "prepare"): Promise<boolean> {
  const argv = commandLine(pid);
  if (!argv) return false;
  const ours = kind === "stream" ? looksLikeOurStream(argv) : looksLikeOurPreparation(argv);
  if (!ours) return false;
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    return false;
  }
  const deadline = Date.now() + 3000;
  while (isAlive(pid) && Date.now() < deadline) await Bun.sleep(20);
  return true;
}
