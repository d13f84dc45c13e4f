import { PLAYS_PER_LIST_PASS } from "@server/features/streaming/playlists/playlist-input";
import type { RunSpan } from "./ffmpeg-args";
import { playLengths } from "./resume-point";
import type { LaunchRows } from "./stream-store";

/**
 * A file's stored length and the length ffmpeg gives one play of it in a loop may differ by a frame
 * or so (a prepared copy, audio a little longer than video): every item of a play is allowed this much.
 */
export const PLAY_LENGTH_TOLERANCE_SECONDS = 0.1;

/** What a run loops: one play's stored length, and how many plays one pass of -stream_loop holds. */
export interface LoopShape {
  /** One play: the file, or every item of the playlist once. */
  seconds: number;
  /** Items in one play, each allowed the tolerance. */
  items: number;
  /** A playlist's outer list names its items list more than once (playlist-input.ts). */
  playsPerPass: number;
}

/** A single file of `seconds`. */
export const fileLoop = (seconds: number): LoopShape => ({ seconds, items: 1, playsPerPass: 1 });

/** The loop of a launch from its stored lengths; null when one item's length is not known. */
export function loopShape(rows: LaunchRows): LoopShape | null {
  const lengths = playLengths(rows);
  const seconds = lengths?.reduce((a, b) => a + b, 0) ?? 0;
  if (!lengths || !(seconds > 0)) return null;
  return rows.media
    ? fileLoop(seconds)
    : { seconds, items: lengths.length, playsPerPass: PLAYS_PER_LIST_PASS };
}

/** The shortest one play may really last. */
const shortestPlay = (loop: LoopShape) =>
  Math.max(0, loop.seconds - loop.items * PLAY_LENGTH_TOLERANCE_SECONDS);

/**
 * The earliest output time at which a run ending by itself (exit 0) is its planned end, not a
 * failure; the stream process reads `seconds` when ffmpeg exits. A playlist edited on air plays its
 * new list from the next play on, so the run's whole number of plays ends elsewhere: a shorter list
 * ends it early, at a seam all the same. Each edit lowers or raises the point to the least the
 * remaining plays can last at the new length, never past the span's -t bound.
 */
export class LoopPlan {
  private end: number;
  /** Plays counted as started at `origin` (output seconds), where the current length took over. */
  private base = 0;
  private origin = 0;

  constructor(
    private readonly span: RunSpan,
    private loop: LoopShape | null,
    /** A resumed run plays a list of its own that edits do not touch: its end is fixed. */
    fixedEnd: number | null = null,
  ) {
    this.end = fixedEnd ?? this.plannedEnd();
    if (fixedEnd !== null) this.loop = null;
  }

  get seconds(): number {
    return this.end;
  }

  private plannedEnd(): number {
    const { loops, endAfterSeconds } = this.span;
    if (loops === null || !this.loop) return endAfterSeconds;
    return (loops + 1) * this.loop.playsPerPass * shortestPlay(this.loop);
  }

  /**
   * The playlist was edited at `outSeconds` of output; `next` is its new loop (null: a length is not
   * known, and any clean end from now on counts as planned). Plays started so far are over-counted
   * rather than under-counted, so the point errs early: a clean end is never taken for a failure.
   */
  edited(outSeconds: number, next: LoopShape | null): void {
    const { loops, endAfterSeconds } = this.span;
    // A run cut by time alone loops for ever until -t; a resumed run is not affected by edits.
    if (loops === null || !this.loop) return;
    const total = (loops + 1) * this.loop.playsPerPass;
    const play = shortestPlay(this.loop);
    const since = Math.max(0, outSeconds - this.origin);
    const started = Math.min(total, this.base + (play > 0 ? Math.floor(since / play) : total) + 1);
    this.base = started;
    this.origin = outSeconds;
    if (!next) {
      this.end = Math.min(this.end, outSeconds);
      this.loop = null;
      return;
    }
    this.loop = { ...next, playsPerPass: this.loop.playsPerPass };
    this.end = Math.min(endAfterSeconds, outSeconds + (total - started) * shortestPlay(this.loop));
  }
}
