import { MediaPreparer } from "@server/features/media";
import { rewriteLists } from "@server/features/streaming/playlists/playlist-input";
import type { Db } from "@server/platform/db/client";
import type { ProgressFigures } from "@server/platform/process/ffmpeg-progress";
import { STREAMING } from "@shared/messages/streaming";
import type { LiveFigures } from "@shared/schemas/streaming";
import { DEFAULT_TIMINGS, type StreamTimings } from "./backoff";
import { launchFile } from "./launch-file";
import { loopShape } from "./loop-plan";
import type { StreamOwnership } from "./ownership";
import { recoverLastRun } from "./recovery";
import { failed, type RunEndContext, reconnect } from "./run-end";
import { RunObservers } from "./run-observers";
import { cpuAwareGate, type StartGate } from "./start-gate";
import { cancelWait, inOrder, newEntry, type StreamEntry } from "./stream-entry";
import type { ProcessEnd, StreamProcess } from "./stream-process";
import { StreamRegistry } from "./stream-registry";
import { type StreamRunOptions, streamRun } from "./stream-run";
import * as store from "./stream-store";
import type { SupervisorOptions } from "./supervisor-options";
import { mediaHere } from "./unreadable-here";
import { WhileStreams } from "./while-streams";

export type { SupervisorOptions };

/**
 * Decides which streams run: the map of streams, the restarts, the start gate and the reconcile at server
 * start. Each ffmpeg run is a StreamProcess (stream-run.ts); a stream's row writes go through the stream
 * store one after another (inOrder). Constructing one starts nothing.
 */
export class Supervisor {
  readonly timings: StreamTimings;
  readonly preparations: MediaPreparer;
  private readonly streams: StreamRegistry;
  private readonly watch: WhileStreams;
  private closing = false;
  private readonly log: (line: string) => void;
  private readonly gate: StartGate;
  private readonly db: Db;
  private readonly observers: RunObservers;
  private readonly ends: RunEndContext;
  private readonly ownership: StreamOwnership | undefined;

  constructor(private readonly options: SupervisorOptions) {
    this.db = options.db;
    this.ownership = options.ownership;
    this.timings = { ...DEFAULT_TIMINGS, ...options.timings };
    this.log = options.log ?? (() => {});
    this.preparations = new MediaPreparer({ ...options, log: this.log });
    // A row removed under a live stream (its project was deleted) ends that stream.
    this.watch = new WhileStreams(this.timings.stallCheckMs, () => this.endOrphans(), this.log);
    this.gate = cpuAwareGate(this.watch.cpu, options.startConcurrency);
    this.observers = new RunObservers(options);
    const registry = { dataDir: options.env.DATA_DIR, observers: this.observers, watch: this.watch };
    this.streams = new StreamRegistry({ ...registry, ownership: this.ownership, log: this.log });
    const { db, timings, log, observers, respawn } = this;
    this.ends = { db, timings, log, observers, respawn, forget: (entry) => this.forget(entry) };
  }

  /** Takes over a stream just recorded as starting: prepares the media if needed, then runs ffmpeg. */
  async launch(rows: store.LaunchRows): Promise<void> {
    const streamId = rows.stream.id;
    if (this.streams.has(streamId)) return;
    // Accepted while the server shuts down: recorded, never spawned (nothing may outlive the server).
    if (this.closing) return store.markStopped(this.db, streamId, this.options.now());
    this.respawn(this.streams.add(newEntry(rows)));
  }

  // A node that lost the stream's lease (a newer epoch runs it elsewhere) writes nothing more about it.
  private write = (entry: StreamEntry, fn: () => Promise<unknown>) =>
    inOrder(entry, this.log, async () => {
      if (this.ownership && !(await this.ownership.holds(entry.streamId)))
        return this.log(`[stream ${entry.streamId}] write refused: another node holds the stream now`);
      await fn();
    });

  private respawn = (entry: StreamEntry) =>
    void this.spawn(entry).catch((err) => this.log(`[stream ${entry.streamId}] start failed: ${err}`));

  private async spawn(entry: StreamEntry): Promise<void> {
    cancelWait(entry);
    if (entry.stopRequested) return;
    // Another node runs it (it claimed the stream first, or this node is full): nothing to do here.
    if (this.ownership && !(await this.ownership.acquire(entry.streamId))) return this.forget(entry);
    const rows = entry.rows ?? (await store.loadLaunch(this.db, entry.streamId));
    entry.rows = null;
    // A stop that came while the rows were read has been recorded already.
    if (entry.stopRequested) return;
    if (rows === STREAMING.streamNotFound) return this.forget(entry);
    if (typeof rows === "string") return this.write(entry, () => this.giveUp(entry, rows));
    if (entry.failures > 0 && !rows.destination.autorestart) {
      // Auto-restart was switched off during the backoff: the last failure stands.
      const at = this.options.now();
      return this.write(entry, () => this.ended(entry, () => store.markError(this.db, entry.streamId, at)));
    }
    const start = this.observers.resume.startOf(entry.streamId, rows);
    const input =
      (await mediaHere(this.ownership, this.options.env.DATA_DIR, rows, this.log)) ??
      (await launchFile(rows, this.preparations, this.options, start));
    if ("handed" in input) return this.streams.letGo(entry.streamId, input.handed);
    // A stop may have come meanwhile (while the media was prepared, say); it has been recorded already.
    if (entry.stopRequested || this.closing) return;
    if ("refused" in input) return this.write(entry, () => this.giveUp(entry, input.refused));
    const { file, resume } = input;
    const release = await this.gate.acquire();
    if (entry.stopRequested || this.closing) return release();
    this.run(entry, { file, loop: loopShape(rows), resume, destination: rows.destination }, release);
  }

  /** A playlist on air was edited: its list is rewritten, plays from the next loop on, and ends elsewhere. */
  async playlistChanged(streamId: number): Promise<void> {
    const entry = this.streams.get(streamId);
    if (!entry) return this.ownership?.changedElsewhere(streamId);
    const rows = entry?.process ? await store.loadLaunch(this.db, streamId) : null;
    if (!entry?.process || !rows || typeof rows === "string") return;
    rewriteLists(this.preparations, this.options.env.DATA_DIR, rows, this.log);
    entry.plan?.edited(entry.process?.figures?.out_time_seconds ?? 0, loopShape(rows));
  }

  private run(
    entry: StreamEntry,
    input: Pick<StreamRunOptions, "file" | "loop" | "resume" | "destination">,
    release: () => void,
  ) {
    const run = streamRun({
      ...this.options,
      ...input,
      timings: this.timings,
      release,
      onRunning: (p: StreamProcess) => this.onRunning(entry, p),
      onEnd: (p: StreamProcess, end: ProcessEnd) => this.onEnd(entry, p, end),
      onFigures: (f: ProgressFigures) => {
        const origin = this.observers.resume.progress(entry.streamId, f);
        if (origin !== null)
          void this.write(entry, () => store.recordPlayOrigin(this.db, entry.streamId, origin));
      },
    });
    const proc = run.proc;
    Object.assign(entry, { process: proc, plan: run.plan, runningSince: null });
    proc.start();
    const pid = proc.pid;
    if (pid === null) return;
    this.ownership?.guard(entry.streamId, pid);
    void this.write(entry, () => store.recordPid(this.db, entry.streamId, pid));
    this.log(`[stream ${entry.streamId}] ffmpeg started (pid ${proc.pid})`);
  }

  private onRunning(entry: StreamEntry, proc: StreamProcess) {
    if (entry.process !== proc || entry.stopRequested) return;
    const at = this.options.now();
    entry.runningSince = at;
    void this.write(entry, async () => {
      await store.markRunning(this.db, entry.streamId);
      await this.observers.running(entry.streamId, at);
    });
    this.log(`[stream ${entry.streamId}] running`);
  }

  /** A run ended: decided now, as things stand at its end; recorded after the stream's earlier writes. */
  private onEnd(entry: StreamEntry, proc: StreamProcess, end: ProcessEnd) {
    if (proc.pid !== null) this.ownership?.unguard(proc.pid);
    if (entry.process !== proc) return;
    entry.process = null;
    const at = this.options.now();
    const [stopped, closing] = [entry.stopRequested, this.closing];
    const planned = end.reason === "planned" && !stopped && !closing;
    void this.write(entry, async () => {
      const lastFrameAt = end.lastFrameAt ?? at;
      await this.observers.runEnded(entry.streamId, { lastFrameAt, failed: !stopped && !planned, planned });
      // Only a stop of ours ends a run as "exited"; every other end carries its message.
      if (stopped) return this.finishStopped(entry);
      if (planned) return reconnect(this.ends, entry, at);
      if (end.detail) this.log(`[stream ${entry.streamId}] ffmpeg said: ${end.detail.replace(/\n/g, " | ")}`);
      const message = end.message ?? `ffmpeg ended (${end.reason})`;
      await failed(this.ends, entry, { message, at, stalled: end.reason === "stalled", closing });
    });
  }

  /** A failure that a restart cannot mend (destination or media gone): error, no retry. */
  private giveUp(entry: StreamEntry, message: string) {
    return this.ended(entry, async () => {
      const at = this.options.now();
      await this.observers.gaveUp(entry.streamId);
      await store.recordFailure(this.db, entry.streamId, { message, at, retry: false });
    });
  }

  private finishStopped(entry: StreamEntry) {
    return this.ended(entry, async () => {
      await store.markStopped(this.db, entry.streamId, this.options.now(), entry.resumeOnStart);
      this.log(`[stream ${entry.streamId}] stopped`);
    });
  }

  /** Records how the stream ended, then lets go of it, also when the record fails (a stop waits on it). */
  private async ended(entry: StreamEntry, record: () => Promise<unknown>) {
    // Let go already (a stop and an end of its own crossed): its end is recorded.
    if (this.streams.get(entry.streamId) !== entry) return;
    await record().finally(() => this.forget(entry));
  }

  private forget = (entry: StreamEntry) => this.streams.forget(entry);
  // What the node's leases need: see StreamRegistry.
  letGo = (streamId: number, reason: string) => this.streams.letGo(streamId, reason);
  local = () => this.streams.local();
  live = (streamId: number): LiveFigures | null => this.streams.live(streamId);

  /** SIGINT, then SIGKILL after the grace period; resolves once the row says stopped. */
  async stop(streamId: number, opts: { resumeOnStart?: boolean } = {}): Promise<void> {
    const entry = this.streams.get(streamId);
    // Not ours: another node's (told, and waited for), or a row a crashed server left behind.
    if (!entry) {
      if (await this.ownership?.stopElsewhere(streamId)) return;
      return store.stopIfLive(this.db, streamId, this.options.now());
    }
    if (entry.stopRequested) return entry.ended;
    entry.stopRequested = true;
    entry.resumeOnStart = opts.resumeOnStart ?? false;
    cancelWait(entry);
    const proc = entry.process;
    if (!proc) return this.write(entry, () => this.finishStopped(entry));
    void this.write(entry, () => store.markStopping(this.db, streamId));
    void proc.stop();
    await entry.ended;
  }

  private endOrphans = () => this.streams.endOrphans(this.db);

  /** Server start: closes what a previous run left live and starts again the streams it should. */
  async reconcile(): Promise<number[]> {
    const resume = await recoverLastRun({
      ...this.options,
      preparations: this.preparations,
      ours: (id) => this.streams.has(id),
      log: this.log,
    });
    for (const rows of resume) await this.launch(rows);
    return resume.map((r) => r.stream.id);
  }

  /** Server shutdown: stop every child and record it; auto-restart streams resume on the next start. */
  async shutdown(): Promise<void> {
    // Read before closing: until then a stream that ends meanwhile ends as it would have anyway.
    const resume = await store.autorestartOf(this.db, this.streams.ids());
    this.closing = true;
    const stops = this.streams.ids().map((id) => this.stop(id, { resumeOnStart: resume.has(id) }));
    await Promise.all([...stops, this.preparations.shutdown()]);
    this.watch.set(false);
  }
}
