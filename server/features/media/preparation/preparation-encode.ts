import { ProgressParser } from "@server/platform/process/ffmpeg-progress";
import { LineTail } from "@server/platform/process/line-tail";
import type { Subprocess } from "bun";

// One re-encode's run, once ffmpeg is spawned: its progress as a percent of the media's duration,
// the last lines of its stderr, and a watch that stops it before it fills the disk.

/** How often a running encode looks at the free space. */
const SPACE_CHECK_MS = 2000;

export interface EncodeOutcome {
  code: number;
  /** The watch killed it: the free space fell under the floor. */
  outOfSpace: boolean;
  stderr: string[];
}

export async function followEncode(
  child: Subprocess<"ignore", "pipe", "pipe">,
  opts: {
    durationSeconds: number;
    now: () => number;
    onPercent: (percent: number) => void;
    hasRoom: () => Promise<boolean>;
  },
): Promise<EncodeOutcome> {
  let outOfSpace = false;
  const watch = setInterval(async () => {
    if (child.exitCode === null && !(await opts.hasRoom())) {
      outOfSpace = true;
      child.kill("SIGKILL");
    }
  }, SPACE_CHECK_MS);
  watch.unref();
  let lastWrite = 0;
  const parser = new ProgressParser((block) => {
    const micros = Number(block.get("out_time_us") ?? block.get("out_time_ms") ?? 0);
    if (!opts.durationSeconds || !Number.isFinite(micros)) return;
    const percent = Math.min(99.9, Math.round((micros / 1e6 / opts.durationSeconds) * 1000) / 10);
    // One report a second at most: the progress is for people watching, not a log.
    if (opts.now() - lastWrite < 1000) return;
    lastWrite = opts.now();
    opts.onPercent(percent);
  });
  const tail = new LineTail(20);
  const decoder = new TextDecoder();
  const pump = async (stream: ReadableStream<Uint8Array>, sink: (t: string) => void) => {
    for await (const chunk of stream) sink(decoder.decode(chunk, { stream: true }));
  };
  const [code] = await Promise.all([
    child.exited,
    pump(child.stdout, (t) => parser.push(t)),
    pump(child.stderr, (t) => tail.push(t)),
  ]).finally(() => clearInterval(watch));
  return { code, outOfSpace, stderr: tail.all() };
}
