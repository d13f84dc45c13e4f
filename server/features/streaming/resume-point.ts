import { mkdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ProgressFigures } from "@server/platform/process/ffmpeg-progress";
import type { LaunchRows, StreamRow } from "./stream-store";

// Where a stream that stopped without being asked to picks up again. ffmpeg reads with -re, so its
// output advances at the wall clock's rate: the place in the loop is the time since the current play
// began, modulo one play's length. While the server lives, the run's own progress (out_time, once a
// second) says how far it got, which also holds for a frozen run killed long after its last frame.
// Across a server kill, the run's start is on its row (written once, at its first frame) and the kill
// time is the mtime of a stamp touched every second while streams run: no database write per second.

/** Below this much left of the play, a resume starts the next play from its beginning instead. */
const MIN_REST_SECONDS = 3;
/** ffmpeg reports progress once a second: a run ending this long after its last report got no further. */
const PROGRESS_PERIOD_MS = 1000;
const STAMP_EVERY_MS = 1000;

/** Where a run starts: seconds into one play, and the lengths of that play's items (one for a file). */
export interface RunStart {
  seconds: number;
  lengths: number[];
}

/** One play's items' lengths in seconds (one item for a single file); null when one is not known. */
export function playLengths(rows: LaunchRows): number[] | null {
  const lengths = rows.media
    ? [rows.media.durationSeconds]
    : rows.playlist.items.map((m) => m.durationSeconds);
  return lengths.every((l): l is number => typeof l === "number" && l > 0) ? lengths : null;
}

/** The item `seconds` into one play falls in, and how far into it. */
export function itemAt(lengths: number[], seconds: number): { item: number; offset: number } {
  let rest = seconds;
  for (let item = 0; item < lengths.length; item++) {
    const length = lengths[item] ?? 0;
    if (rest < length) return { item, offset: rest };
    rest -= length;
  }
  return { item: 0, offset: 0 };
}

/** A place in the loop from a time played: modulo one play, or the start when too little is left. */
export function placeInPlay(lengths: number[], playedSeconds: number): number {
  const total = lengths.reduce((a, b) => a + b, 0);
  if (!(total > 0) || !(playedSeconds > 0)) return 0;
  const seconds = playedSeconds % total;
  return total - seconds < MIN_REST_SECONDS ? 0 : seconds;
}

/** The stamp whose mtime tells the next server run when this one was last alive. */
const stampPath = (dataDir: string) => join(dataDir, "streaming", "alive");

/** When the previous server run was last alive, from its stamp; null when there is none. */
export function lastAlive(dataDir: string): number | null {
  try {
    return statSync(stampPath(dataDir)).mtimeMs;
  } catch {
    return null;
  }
}

/**
 * Server start, for a row the previous run left: where its next run starts, in seconds into one play.
 * A row stopped by a graceful shutdown knows its end; a row still live ended when the server died.
 */
export function resumeAfterServerEnd(row: StreamRow, rows: LaunchRows, aliveAt: number | null): number {
  const lengths = playLengths(rows);
  const endedAt = row.status === "stopped" ? row.stoppedAt : aliveAt;
  if (!lengths || row.playOriginAt === null || endedAt === null) return 0;
  return placeInPlay(lengths, (endedAt - row.playOriginAt) / 1000);
}

interface RunTrack {
  start: number;
  lengths: number[] | null;
  outSeconds: number;
  seenAt: number | null;
}

/** The supervisor's record of where each of its streams is in its loop. */
export class ResumePoints {
  private readonly next = new Map<number, number>();
  private readonly runs = new Map<number, RunTrack>();
  private stamp: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly o: { now: () => number; env: { DATA_DIR: string } }) {}

  /**
   * A run of the stream is about to start: where in the play, or null for the beginning. After an
   * unplanned end it is where that run stopped; a first run resumes what a server kill stopped.
   */
  startOf(streamId: number, rows: LaunchRows): RunStart | null {
    const lengths = playLengths(rows);
    const pending = this.next.get(streamId) ?? rows.resumeSeconds ?? 0;
    const seconds = lengths ? placeInPlay(lengths, pending) : 0;
    this.runs.set(streamId, { start: seconds, lengths, outSeconds: 0, seenAt: null });
    this.keepStamp();
    return lengths && seconds > 0 ? { seconds, lengths } : null;
  }

  /**
   * A progress report of the stream's run. The first with a frame answers when its play began, for
   * the caller to record in order with the stream's other writes (see recordPlayOrigin); else null.
   */
  progress(streamId: number, figures: ProgressFigures): number | null {
    const run = this.runs.get(streamId);
    if (!run || figures.frame <= 0) return null;
    const now = this.o.now();
    const origin = run.seenAt === null ? now - (run.start + figures.out_time_seconds) * 1000 : null;
    run.outSeconds = figures.out_time_seconds;
    run.seenAt = now;
    return origin;
  }

  /** The run ended; an unplanned end is resumed where it stopped, any other end starts a play anew. */
  ended(streamId: number, failed: boolean): void {
    const run = this.runs.get(streamId);
    this.runs.delete(streamId);
    this.keepStamp();
    if (!failed || !run?.lengths) return void this.next.delete(streamId);
    const since = run.seenAt === null ? 0 : Math.min(this.o.now() - run.seenAt, PROGRESS_PERIOD_MS);
    this.next.set(streamId, run.start + run.outSeconds + since / 1000);
  }

  forget(streamId: number): void {
    this.next.delete(streamId);
    this.runs.delete(streamId);
    this.keepStamp();
  }

  /** The stamp is touched while runs are on air, and left alone otherwise. */
  private keepStamp(): void {
    const on = this.runs.size > 0;
    if (on === (this.stamp !== null)) return;
    if (!on) {
      if (this.stamp) clearInterval(this.stamp);
      this.stamp = null;
      return;
    }
    const path = stampPath(this.o.env.DATA_DIR);
    const touch = () => {
      try {
        const now = new Date(this.o.now());
        utimesSync(path, now, now);
      } catch {
        mkdirSync(join(this.o.env.DATA_DIR, "streaming"), { recursive: true });
        writeFileSync(path, "");
      }
    };
    touch();
    this.stamp = setInterval(touch, STAMP_EVERY_MS);
    this.stamp.unref?.();
  }
}
