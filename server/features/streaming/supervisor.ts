import { MediaPreparer } from "@server/features/media";
import { removePlaylistLists, rewriteLists } from "@server/features/streaming/playlists/playlist-input";
import type { Db } from "@server/platform/db/client";
import type { ProgressFigures } from "@server/platform/process/ffmpeg-progress";
import { STREAMING } from "@shared/messages/streaming";
import type { LiveFigures } from "@shared/schemas/streaming";
import { backoffDelay, DEFAULT_TIMINGS, type StreamTimings } from "./backoff";
import { launchFile } from "./launch-file";
import { loopShape } from "./loop-plan";
import { recoverLastRun } from "./recovery";
import { RunObservers } from "./run-observers";
import { cpuAwareGate, type StartGate } from "./start-gate";
import { cancelWait, newEntry, restartLater, type StreamEntry } from "./stream-entry";
import type { ProcessEnd, StreamProcess } from "./stream-process";
import { type StreamRunOptions, streamRun } from "./stream-run";
import * as store from "./stream-store";
import type { SupervisorOptions } from "./supervisor-options";
import { WhileStreams } from "./while-streams";

export type { SupervisorOptions };

/**
 * Decides which streams run: the map of streams, the restarts with their backoff, the start gate and
 * the reconcile at server start. Each ffmpeg run is a StreamProcess (built in stream-run.ts); every row write goes through the
 * stream store. Constructing one starts nothing.
 */
export class Supervisor {
  readonly timings: StreamTimings;
  readonly preparations: MediaPreparer;
  private readonly entries = new Map<number, StreamEntry>();
  private readonly watch: WhileStreams;
  private closing = false;
  private readonly log: (line: string) => void;
  private readonly gate: StartGate;
  private readonly db: Db;
  private readonly observers: RunObservers;

  constructor(private readonly options: SupervisorOptions) {
    this.db = options.db;
    this.timings = { ...DEFAULT_TIMINGS, ...options.timings };
    this.log = options.log ?? (() => {});
    this.preparations = new MediaPreparer({ ...options, log: this.log });
    // A row removed under a live stream (its project was deleted) ends that stream.
    this.watch = new WhileStreams(this.timings.stallCheckMs, () => this.endOrphans());
    this.gate = cpuAwareGate(this.watch.cpu, options.startConcurrency);
    this.observers = new RunObservers(options);
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
    const entry = newEntry(rows);
    this.entries.set(streamId, entry);
    this.watch.set(true);
    void this.spawn(entry);
  }

  private async spawn(entry: StreamEntry): Promise<void> {
    cancelWait(entry);
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
    const start = this.observers.resume.startOf(entry.streamId, rows);
    const input = await launchFile(rows, this.preparations, this.options, start);
    // A stop may have come meanwhile (while the media was prepared, say); it has been recorded already.
    if (entry.stopRequested || this.closing) return;
    if ("refused" in input) return this.giveUp(entry, input.refused);
    const { file, resume } = input;
    const release = await this.gate.acquire();
    if (entry.stopRequested || this.closing) return release();
    this.run(entry, { file, loop: loopShape(rows), resume, destination: rows.destination }, release);
  }

  /** A playlist on air was edited: its list is rewritten, plays from the next loop on, and ends elsewhere. */
  playlistChanged(streamId: number): void {
    const entry = this.entries.get(streamId);
    const rows = entry?.process ? store.loadLaunch(this.db, streamId) : null;
    if (!entry || !rows || typeof rows === "string") return;
    rewriteLists(this.preparations, this.options.env.DATA_DIR, rows, this.log);
    entry.plan?.edited(entry.process?.figures?.out_time_seconds ?? 0, loopShape(rows));
  }

  private run(
    entry: StreamEntry,
    input: Pick<StreamRunOptions, "file" | "loop" | "resume" | "destination">,
    release: () => void,
  ) {
    const events = {
      onRunning: (p: StreamProcess) => this.onRunning(entry, p),
      onEnd: (p: StreamProcess, end: ProcessEnd) => this.onEnd(entry, p, end),
      onFigures: (f: ProgressFigures) => this.observers.resume.progress(entry.streamId, f),
    };
    const run = streamRun({ ...this.options, ...input, ...events, timings: this.timings, release });
    const proc = run.proc;
    entry.process = proc;
    entry.plan = run.plan;
    entry.runningSince = null;
    proc.start();
    if (proc.pid === null) return;
    store.recordPid(this.db, entry.streamId, proc.pid);
    this.log(`[stream ${entry.streamId}] ffmpeg started (pid ${proc.pid})`);
  }

  private onRunning(entry: StreamEntry, proc: StreamProcess) {
    if (entry.process !== proc || entry.stopRequested) return;
    entry.runningSince = this.options.now();
    store.markRunning(this.db, entry.streamId);
    this.observers.running(entry.streamId, entry.runningSince);
    this.log(`[stream ${entry.streamId}] running`);
  }

  private onEnd(entry: StreamEntry, proc: StreamProcess, end: ProcessEnd) {
    if (entry.process !== proc) return;
    entry.process = null;
    const planned = end.reason === "planned" && !entry.stopRequested && !this.closing;
    this.observers.runEnded(entry.streamId, { ...end, failed: !entry.stopRequested && !planned, planned });
    // Only a stop of ours ends a run as "exited"; every other end carries its message.
    if (entry.stopRequested) return this.finishStopped(entry);
    if (planned) return this.reconnect(entry);
    if (end.detail) this.log(`[stream ${entry.streamId}] ffmpeg said: ${end.detail.replace(/\n/g, " | ")}`);
    this.failed(entry, end.message ?? `ffmpeg ended (${end.reason})`, end.reason === "stalled");
  }

  /**
   * The run reached its planned end (timestamp limit or the destination's interval): the next run
   * starts at once, with no backoff and no failure counted; the row keeps its status meanwhile.
   */
  private reconnect(entry: StreamEntry) {
    const count = store.recordPlannedReconnect(this.db, entry.streamId, this.options.now());
    if (count === null) return this.forget(entry);
    entry.runningSince = null;
    this.observers.plannedReconnect();
    this.log(`[stream ${entry.streamId}] planned reconnect (${count} so far)`);
    void this.spawn(entry);
  }

  /** A failure: recorded on the row; restarted after the backoff if the destination auto-restarts. */
  private failed(entry: StreamEntry, message: string, stalled = false) {
    const now = this.options.now();
    if (entry.runningSince !== null && now - entry.runningSince >= this.timings.healthyResetMs)
      entry.failures = 0;
    const destination = store.destinationOf(this.db, entry.streamId);
    const retry = !!destination?.autorestart && !this.closing;
    const count = store.recordFailure(this.db, entry.streamId, { message, at: now, retry });
    if (count === null) return this.forget(entry);
    this.observers.failed(entry.streamId, message, stalled);
    this.log(`[stream ${entry.streamId}] failed (${count} so far)`);
    if (!retry || !destination) return this.forget(entry);
    const delay = backoffDelay(entry.failures, this.timings);
    entry.failures += 1;
    entry.runningSince = null;
    this.observers.restarting();
    restartLater(entry, {
      delay,
      rtmpUrl: destination.rtmpUrl,
      knockEveryMs: this.timings.ingestProbeMs,
      log: this.log,
      spawn: () => void this.spawn(entry),
    });
  }

  /** A failure that a restart cannot mend (destination or media gone): error, no retry. */
  private giveUp(entry: StreamEntry, message: string) {
    this.observers.gaveUp(entry.streamId);
    store.recordFailure(this.db, entry.streamId, { message, at: this.options.now(), retry: false });
    this.forget(entry);
  }

  private finishStopped(entry: StreamEntry) {
    store.markStopped(this.db, entry.streamId, this.options.now(), entry.resumeOnStart);
    this.log(`[stream ${entry.streamId}] stopped`);
    this.forget(entry);
  }

  private forget(entry: StreamEntry) {
    cancelWait(entry);
    removePlaylistLists(this.options.env.DATA_DIR, entry.streamId);
    this.observers.streamEnded(entry.streamId);
    this.entries.delete(entry.streamId);
    if (this.entries.size === 0) this.watch.set(false);
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
    cancelWait(entry);
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

  private endOrphans() {
    const present = store.existingIds(this.db, [...this.entries.keys()]);
    for (const entry of [...this.entries.values()]) {
      if (present.has(entry.streamId)) continue;
      entry.stopRequested = true;
      if (entry.process) void entry.process.kill();
      else this.forget(entry);
    }
  }

  /** Server start: closes what a previous run left live and starts again the streams it should. */
  async reconcile(): Promise<number[]> {
    const resume = await recoverLastRun({
      ...this.options,
      preparations: this.preparations,
      ours: (id) => this.entries.has(id),
      log: this.log,
    });
    for (const rows of resume) this.launch(rows);
    return resume.map((r) => r.stream.id);
  }

  /** Server shutdown: stop every child and record it; auto-restart streams resume on the next start. */
  async shutdown(): Promise<void> {
    this.closing = true;
    const stops = [...this.entries.values()].map((entry) => {
      const resumeOnStart = store.destinationOf(this.db, entry.streamId)?.autorestart ?? false;
      return this.stop(entry.streamId, { resumeOnStart });
    });
    await Promise.all([...stops, this.preparations.shutdown()]);
    this.watch.set(false);
  }
}
