import type { Env } from "@server/platform/env";
import type { StreamTimings } from "./backoff";
import { type RunSpan, rtmpTarget, streamArgs } from "./ffmpeg-args";
import { type ProcessEnd, StreamProcess } from "./stream-process";
import type { DestinationRow } from "./stream-store";

/** A start-up slot is held until ffmpeg has opened its output (or this long at most). */
const START_SLOT_MAX_MS = 2000;

export interface StreamRunOptions {
  env: Env;
  /** What plays: the media file, or a playlist's list file. */
  file: string;
  destination: DestinationRow;
  timings: StreamTimings;
  now: () => number;
  /** Frees the start-up slot; called once ffmpeg reports its output open, on exit, or after the cap. */
  release: () => void;
  onRunning: (proc: StreamProcess) => void;
  onEnd: (proc: StreamProcess, end: ProcessEnd) => void;
}

/**
 * One ffmpeg run pushing `file` to the destination, not started yet: the caller records it as its
 * current run first, so an ffmpeg that cannot even be spawned ends a run it knows.
 */
export function streamRun(o: StreamRunOptions): StreamProcess {
  const slotTimer = setTimeout(o.release, START_SLOT_MAX_MS);
  const span = runSpan(o.timings, o.destination.reconnectHours);
  const target = rtmpTarget(o.destination.rtmpUrl, o.destination.streamKey);
  const proc: StreamProcess = new StreamProcess({
    argv: [o.env.FFMPEG_PATH, ...streamArgs(o.file, target, o.destination.caFile, span)],
    secret: o.destination.streamKey,
    ...o.timings,
    plannedEndSeconds: span.endAfterSeconds,
    now: o.now,
    events: {
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
  return proc;
}

/**
 * How long one run lasts before its planned reconnect: until its timestamps near FLV's limit, or the
 * destination's own interval when that comes first. ffmpeg ends the run itself at exactly that
 * output time, so the cut is a clean end of the FLV stream, not a kill at a progress tick.
 */
export function runSpan(t: StreamTimings, reconnectHours: number | null): RunSpan {
  const toLimitMs = Math.max(1000, t.tsLimitMs - t.outputTsOffsetMs);
  const everyMs = reconnectHours ? reconnectHours * 3600_000 : Number.POSITIVE_INFINITY;
  return { endAfterSeconds: Math.min(toLimitMs, everyMs) / 1000, offsetMs: t.outputTsOffsetMs };
}
