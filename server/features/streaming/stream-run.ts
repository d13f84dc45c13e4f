import type { Env } from "@server/platform/env";
import type { ProgressFigures } from "@server/platform/process/ffmpeg-progress";
import type { StreamTimings } from "./backoff";
import { type RunSpan, rtmpTarget, streamArgs } from "./ffmpeg-args";
import { fileLoop, LoopPlan, type LoopShape, PLAY_LENGTH_TOLERANCE_SECONDS } from "./loop-plan";
import { type ProcessEnd, StreamProcess } from "./stream-process";
import type { DestinationRow } from "./stream-store";

/** A start-up slot is held until ffmpeg has opened its output (or this long at most). */
const START_SLOT_MAX_MS = 2000;

export interface StreamRunOptions {
  env: Env;
  /** What plays: the media file, or a playlist's list file. */
  file: string;
  destination: DestinationRow;
  /** What one play of `file` holds and how long it lasts, when every length is known. */
  loop: LoopShape | null;
  /** A resumed run: it plays the rest of the current play once, then reconnects as planned. */
  resume?: ResumeRun | null;
  timings: StreamTimings;
  now: () => number;
  onFigures?: (figures: ProgressFigures) => void;
  /** Frees the start-up slot; called once ffmpeg reports its output open, on exit, or after the cap. */
  release: () => void;
  onRunning: (proc: StreamProcess) => void;
  onEnd: (proc: StreamProcess, end: ProcessEnd) => void;
}

/**
 * Where a resumed run starts: -ss into a file (0 for a playlist, whose resume list starts there
 * itself), and how long the rest of that play lasts.
 */
export interface ResumeRun {
  /** Where in one play the run starts. */
  startSeconds: number;
  seekSeconds: number;
  restSeconds: number;
}

/**
 * One ffmpeg run pushing `file` to the destination, not started yet: the caller records it as its
 * current run first, so an ffmpeg that cannot even be spawned ends a run it knows.
 */
export function streamRun(o: StreamRunOptions): { proc: StreamProcess; plan: LoopPlan } {
  const slotTimer = setTimeout(o.release, START_SLOT_MAX_MS);
  const whole = runSpan(o.timings, o.destination.reconnectHours, o.loop);
  // A resumed run does not loop: ffmpeg ends it at the end of the play, a planned end like a seam's.
  const span = o.resume ? { ...whole, loops: 0 } : whole;
  const target = rtmpTarget(o.destination.rtmpUrl, o.destination.streamKey);
  const read = { seekSeconds: o.resume?.seekSeconds ?? 0, readRate: o.timings.readRate };
  const args = streamArgs(o.file, target, o.destination.caFile, span, read);
  const rest = o.resume ? Math.max(0, o.resume.restSeconds - PLAY_LENGTH_TOLERANCE_SECONDS) : null;
  const plan = new LoopPlan(span, o.loop, rest === null ? null : Math.min(whole.endAfterSeconds, rest));
  const proc: StreamProcess = new StreamProcess({
    argv: [o.env.FFMPEG_PATH, ...args],
    secret: o.destination.streamKey,
    ...o.timings,
    playStartSeconds: o.resume?.startSeconds ?? 0,
    plannedEnd: plan,
    now: o.now,
    events: {
      onFigures: o.onFigures,
      // The slot is freed once ffmpeg reports its output open (connected, header sent), or on exit.
      onOutputOpen: o.release,
      onRunning: () => o.onRunning(proc),
      onEnd: (end) => {
        clearTimeout(slotTimer);
        o.release();
        o.onEnd(proc, end);
      },
    },
  });
  return { proc, plan };
}

/**
 * How long one run lasts before its planned reconnect: until its timestamps near FLV's limit, or the
 * destination's own interval when that comes first. ffmpeg ends the run itself, so the cut is a clean
 * end of the FLV stream, not a kill at a progress tick. When the length of a play is known (a file, or
 * every item of a playlist), the run plays a whole number of passes of -stream_loop's input and ends
 * at a loop seam, counting each item a little long so that an estimate a little off still ends at a
 * seam; -t stays as the bound the run can never pass. A number is a single file's length.
 */
export function runSpan(
  t: StreamTimings,
  reconnectHours: number | null,
  loop: LoopShape | number | null,
): RunSpan {
  const toLimitMs = Math.max(1000, t.tsLimitMs - t.outputTsOffsetMs);
  const everyMs = reconnectHours ? reconnectHours * 3600_000 : Number.POSITIVE_INFINITY;
  const endAfterSeconds = Math.min(toLimitMs, everyMs) / 1000;
  const shape = typeof loop === "number" ? fileLoop(loop) : loop;
  const pass = shape ? shape.playsPerPass * (shape.seconds + shape.items * PLAY_LENGTH_TOLERANCE_SECONDS) : 0;
  const passes = shape && shape.seconds > 0 ? Math.floor(endAfterSeconds / pass) : 0;
  // -stream_loop takes a C int; input too long for one whole pass in the span is cut by time.
  const loops = passes >= 1 && passes < 2 ** 31 ? passes - 1 : null;
  return { endAfterSeconds, offsetMs: t.outputTsOffsetMs, loops };
}
