import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { STREAMING } from "../../shared/messages/streaming";
import { isLive, type LiveFigures } from "../../shared/schemas/streaming";
import type { Db } from "../db/client";
import type { Env } from "../env";
import { backoffDelay, DEFAULT_TIMINGS, type StreamTimings } from "./backoff";
import { childRegistry } from "./child-registry";
import { rtmpTarget, streamArgs } from "./ffmpeg-args";
import { watchIngest } from "./ingest-probe";
import { MediaPreparer } from "./media-preparation";
import { killIfOurs } from "./processes";
import { StartGate } from "./start-gate";
import { type ProcessEnd, StreamProcess } from "./stream-process";
import * as store from "./stream-store";
import { CpuSampler } from "./system-figures";

export interface SupervisorOptions {
  db: Db;
  env: Env;
  now: () => number;
  timings?: Partial<StreamTimings>;
  log?: (line: string) => void;
  /** ffmpeg start-ups let through at once (default: twice the CPU count; part of a start-up is waiting on the network). */
  startConcurrency?: number;
}

/** A start-up slot is held until ffmpeg has opened its output (or this long at most). */
const START_SLOT_MAX_MS = 2000;

/** One stream in our hands: pushing, preparing its media, or waiting to restart. */
interface Entry {
  streamId: number;
  /** The rows the first launch was given; later launches load them afresh. */
  rows: store.LaunchRows | null;
  process: StreamProcess | null;
  runningSince: number | null;
  /** Failures in a row, for the backoff; reset after a healthy stretch. */
  failures: number;
  stopRequested: boolean;
  /** Set by a graceful shutdown for auto-restart destinations: resumed on the next start. */
  resumeOnStart: boolean;
  restartTimer: ReturnType<typeof setTimeout> | null;
  /** Stops the ingest knocking that runs while the entry waits to restart. */
  stopProbe: (() => void) | null;
  ended: Promise<void>;
  end: () => void;
}

const quiet = () => {};

/**
 * Decides which streams run: the map of streams, the restarts with their backoff, the start gate and
 * the reconcile at server start. Each ffmpeg run is a StreamProcess; every row write goes through the
 * stream store. Constructing one starts nothing.
 */
export class Supervisor {
  readonly timings: StreamTimings;
  readonly preparations: MediaPreparer;
  private readonly entries = new Map<number, Entry>();
  private readonly cpu = new CpuSampler();
  private watch: ReturnType<typeof setInterval> | null = null;
  private closing = false;
  private readonly log: (line: string) => void;
  private readonly gate: StartGate;

  constructor(private readonly options: SupervisorOptions) {
    this.timings = { ...DEFAULT_TIMINGS, ...options.timings };
    this.log = options.log ?? quiet;
    this.preparations = new MediaPreparer({ ...options, log: this.log });
    this.gate = new StartGate(options.startConcurrency ?? availableParallelism() * 2);
  }

  private get db() {
    return this.options.db;
  }

  /** Takes over a stream just recorded as starting: prepares the media if needed, then runs ffmpeg. */
  launch(rows: store.LaunchRows): void {
    const streamId = rows.stream.id;
    if (this.entries.has(streamId)) return;
    // Accepted while the server shuts down: recorded, never spawned (nothing may outlive the server).
    if (this.closing) {
      store.markStopped(this.db, streamId, this.options.now());
      return;
    }
    let end = quiet;
    const ended = new Promise<void>((resolve) => {
      end = resolve;
    });
    const entry: Entry = {
      streamId,
      rows,
      process: null,
      runningSince: null,
      failures: 0,
      stopRequested: false,
      resumeOnStart: false,
      restartTimer: null,
      stopProbe: null,
      ended,
      end,
    };
    this.entries.set(streamId, entry);
    this.startWatch();
    void this.spawn(entry);
  }

  private async spawn(entry: Entry): Promise<void> {
    this.cancelWait(entry);
    if (entry.stopRequested) return;
    const rows = entry.rows ?? store.loadLaunch(this.db, entry.streamId);
    entry.rows = null;
    if (rows === STREAMING.streamNotFound) return this.forget(entry);
    if (typeof rows === "string") return this.giveUp(entry, rows);
    if (entry.failures > 0 && !rows.destination.autorestart) {
      // Auto-restart was switched off during the backoff: the last failure stands.
      store.markError(this.db, entry.streamId, this.options.now());
      return this.forget(entry);
    }
    let file: string;
    try {
      file = await this.preparations.fileFor(rows.media);
    } catch {
      if (entry.stopRequested) return;
      return this.giveUp(entry, STREAMING.preparationFailed);
    }
    // A stop may have come while the media was being prepared; it has already been recorded.
    if (entry.stopRequested || this.closing) return;
    if (!existsSync(file)) return this.giveUp(entry, STREAMING.mediaFileMissing);
    const release = await this.gate.acquire();
    if (entry.stopRequested || this.closing) return release();
    this.run(entry, file, rows.destination, release);
  }

  private run(entry: Entry, file: string, destination: store.DestinationRow, release: () => void) {
    const { env } = this.options;
    const slotTimer = setTimeout(release, START_SLOT_MAX_MS);
    const proc = new StreamProcess({
      argv: [env.FFMPEG_PATH, ...streamArgs(file, rtmpTarget(destination.rtmpUrl, destination.streamKey))],
      secret: destination.streamKey,
      ...this.timings,
      now: this.options.now,
      events: {
        // The slot is freed once ffmpeg reports its output open (connected, header sent), or on exit.
        onOutputOpen: release,
        onRunning: () => this.onRunning(entry, proc),
        onEnd: (end) => {
          clearTimeout(slotTimer);
          release();
          this.onEnd(entry, proc, end);
        },
      },
    });
    entry.process = proc;
    entry.runningSince = null;
    proc.start();
    if (proc.pid === null) return;
    store.recordPid(this.db, entry.streamId, proc.pid);
    this.log(`[stream ${entry.streamId}] ffmpeg started (pid ${proc.pid})`);
  }

  private onRunning(entry: Entry, proc: StreamProcess) {
    if (entry.process !== proc || entry.stopRequested) return;
    entry.runningSince = this.options.now();
    store.markRunning(this.db, entry.streamId);
    this.log(`[stream ${entry.streamId}] running`);
  }

  private onEnd(entry: Entry, proc: StreamProcess, end: ProcessEnd) {
    if (entry.process !== proc) return;
    entry.process = null;
    if (entry.stopRequested) return this.finishStopped(entry);
    this.failed(entry, end.message ?? `ffmpeg ended (${end.reason})`);
  }

  /** A failure: recorded on the row; restarted after the backoff if the destination auto-restarts. */
  private failed(entry: Entry, message: string) {
    const now = this.options.now();
    if (entry.runningSince !== null && now - entry.runningSince >= this.timings.healthyResetMs)
      entry.failures = 0;
    const destination = store.destinationOf(this.db, entry.streamId);
    const retry = !!destination?.autorestart && !this.closing;
    const count = store.recordFailure(this.db, entry.streamId, { message, at: now, retry });
    if (count === null) return this.forget(entry);
    this.log(`[stream ${entry.streamId}] failed (${count} so far)`);
    if (!retry || !destination) return this.forget(entry);
    const delay = backoffDelay(entry.failures, this.timings);
    entry.failures += 1;
    entry.runningSince = null;
    this.log(`[stream ${entry.streamId}] restarting in ${delay} ms`);
    entry.restartTimer = setTimeout(() => void this.spawn(entry), delay);
    // An ingest that went away and answers again restarts the stream now, not after the backoff.
    entry.stopProbe = watchIngest(destination.rtmpUrl, this.timings.ingestProbeMs, () => {
      if (!entry.restartTimer || entry.stopRequested) return;
      this.log(`[stream ${entry.streamId}] ingest answers again: restarting now`);
      void this.spawn(entry);
    });
  }

  /** A failure that a restart cannot mend (destination or media gone): error, no retry. */
  private giveUp(entry: Entry, message: string) {
    store.recordFailure(this.db, entry.streamId, { message, at: this.options.now(), retry: false });
    this.forget(entry);
  }

  private finishStopped(entry: Entry) {
    store.markStopped(this.db, entry.streamId, this.options.now(), entry.resumeOnStart);
    this.log(`[stream ${entry.streamId}] stopped`);
    this.forget(entry);
  }

  /** Ends a wait for restart: its timer and its ingest knocking. */
  private cancelWait(entry: Entry) {
    if (entry.restartTimer) clearTimeout(entry.restartTimer);
    entry.restartTimer = null;
    entry.stopProbe?.();
    entry.stopProbe = null;
  }

  private forget(entry: Entry) {
    this.cancelWait(entry);
    this.entries.delete(entry.streamId);
    if (this.entries.size === 0) this.stopWatch();
    entry.end();
  }

  /** SIGINT, then SIGKILL after the grace period; resolves once the row says stopped. */
  async stop(streamId: number, opts: { resumeOnStart?: boolean } = {}): Promise<void> {
    const entry = this.entries.get(streamId);
    // Not ours (say, a row a crashed server left behind): just record the end.
    if (!entry) return store.stopIfLive(this.db, streamId, this.options.now());
    if (entry.stopRequested) return entry.ended;
    entry.stopRequested = true;
    entry.resumeOnStart = opts.resumeOnStart ?? false;
    this.cancelWait(entry);
    const proc = entry.process;
    if (!proc) return this.finishStopped(entry);
    store.markStopping(this.db, streamId);
    void proc.stop();
    await entry.ended;
  }

  /** The running stream's latest progress figures, or null. */
  live(streamId: number): LiveFigures | null {
    return this.entries.get(streamId)?.process?.figures ?? null;
  }

  /** Streams this supervisor is handling (pushing, preparing or waiting to restart). */
  activeStreamIds(): number[] {
    return [...this.entries.keys()];
  }

  /** The server and every child it started, percent of one core. */
  cpuPercent(): number {
    return this.cpu.sample(childRegistry.pids());
  }

  // One timer for all streams, running only while there are streams: a row removed under a live
  // stream (its project was deleted) ends that stream.
  private startWatch() {
    if (this.watch) return;
    this.watch = setInterval(() => this.endOrphans(), this.timings.stallCheckMs);
    this.watch.unref?.();
  }

  private stopWatch() {
    if (this.watch) clearInterval(this.watch);
    this.watch = null;
  }

  private endOrphans() {
    const present = store.existingIds(this.db, [...this.entries.keys()]);
    for (const entry of [...this.entries.values()]) {
      if (present.has(entry.streamId)) continue;
      entry.stopRequested = true;
      if (entry.process) void entry.process.kill();
      else this.forget(entry);
    }
  }

  /**
   * Server start: rows left starting/running/stopping by a previous run are not ours. Kill their
   * ffmpeg if it survived, record them stopped with a note, and start again the ones whose
   * destination auto-restarts (also those a graceful shutdown marked to resume).
   */
  async reconcile(): Promise<number[]> {
    for (const prep of this.preparations.leftRunning()) {
      if (prep.pid) await killIfOurs(prep.pid, "prepare");
      this.preparations.markInterrupted(prep.mediaId);
    }
    const resumed: number[] = [];
    for (const row of store.leftByLastRun(this.db).filter((r) => !this.entries.has(r.id))) {
      if (isLive(row.status) && row.pid) await killIfOurs(row.pid, "stream");
      const now = this.options.now();
      store.closeLeftover(this.db, row, now);
      const rows = store.loadLaunch(this.db, row.id);
      if (typeof rows === "string" || !rows.destination.autorestart) continue;
      const { destination, media } = rows;
      const stream = store.insertStarting(this.db, {
        destination,
        media,
        startedBy: row.startedBy,
        startedAt: now,
      });
      this.log(`[stream ${row.id}] resumed as stream ${stream.id}`);
      this.launch({ stream, destination, media });
      resumed.push(stream.id);
    }
    return resumed;
  }

  /** Server shutdown: stop every child and record it; auto-restart streams resume on the next start. */
  async shutdown(): Promise<void> {
    this.closing = true;
    const stops = [...this.entries.values()].map((entry) => {
      const resumeOnStart = store.destinationOf(this.db, entry.streamId)?.autorestart ?? false;
      return this.stop(entry.streamId, { resumeOnStart });
    });
    await Promise.all([...stops, this.preparations.shutdown()]);
    this.stopWatch();
  }
}
