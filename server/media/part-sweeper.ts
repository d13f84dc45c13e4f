import { sweepPartFiles } from "./storage";

/** A `.part` untouched this long belongs to no live write: uploads time out idle after minutes. */
const IDLE_MS = 60 * 60 * 1000;

/**
 * Leftover partial files come from a crash, a kill or a full disk mid-write. At start nothing is being
 * written yet, so every one goes; after that, hourly, those no one has written to for an hour.
 */
export async function startPartSweeper(dataDir: string, log: (line: string) => void) {
  const sweep = async (idleMs: number) => {
    try {
      const removed = await sweepPartFiles(dataDir, idleMs);
      if (removed) log(`Removed ${removed} leftover partial file(s)`);
    } catch (err) {
      log(`Could not sweep partial files: ${(err as Error).message}`);
    }
  };
  await sweep(0);
  const timer = setInterval(() => void sweep(IDLE_MS), IDLE_MS);
  // Never what keeps the process alive.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
