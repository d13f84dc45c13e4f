import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import type { Subprocess } from "bun";
import { and, eq, inArray, or } from "drizzle-orm";
import { STREAMING } from "../../shared/messages/streaming";
import { LIVE_STATUSES, type LiveFigures, type StreamStatus } from "../../shared/schemas/streaming";
import type { Db } from "../db/client";
import { destinations, mediaFiles, streams } from "../db/schema";
import type { Env } from "../env";
import { backoffDelay, DEFAULT_TIMINGS, type StreamTimings } from "./backoff";
import { spawnTied } from "./child-process";
import { rtmpTarget, streamArgs } from "./ffmpeg-args";
import { watchIngest } from "./ingest-probe";
import { MediaPreparer } from "./media-preparation";
import { killIfOurs } from "./processes";
import { figuresOf, ProgressParser } from "./progress";
import { failureMessage, LineTail, maskSecrets } from "./secrets";
import { StartGate } from "./start-gate";
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

/** One live stream: its row id plus, while pushing, an ffmpeg child. */
interface Entry {
  streamId: number;
  child: Subprocess<"ignore", "pipe", "pipe"> | null;
  status: StreamStatus;
  figures: LiveFigures | null;
  lastFrame: number;
  lastFrameAt: number;
  runningSince: number | null;
  /** Failures in a row, for the backoff; reset after a healthy minute. */
  failures: number;
  stopRequested: boolean;
  /** Set by a graceful shutdown for auto-restart destinations: resumed on the next start. */
  resumeOnStart: boolean;
  stallReason: string | null;
  restartTimer: ReturnType<typeof setTimeout> | null;
  /** Stops the ingest knocking that runs while the entry waits to restart. */
  stopProbe: (() => void) | null;
  stderr: LineTail;
  streamKey: string;
  ended: Promise<void>;
  end: () => void;
}

const quiet = () => {};

/**
 * Owns every ffmpeg child of this server (DESIGN section 5). The stream row is the truth others
 * read; every state change is written there. Constructing one starts nothing.
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

  constructor(private readonly o: SupervisorOptions) {
    this.timings = { ...DEFAULT_TIMINGS, ...o.timings };
    this.log = o.log ?? quiet;
    this.preparations = new MediaPreparer({ db: o.db, env: o.env, now: o.now, log: this.log });
    this.gate = new StartGate(o.startConcurrency ?? availableParallelism() * 2);
  }

  /** Takes over a row just recorded as starting: prepares the media if needed, then spawns ffmpeg. */
  launch(streamId: number): void {
    if (this.entries.has(streamId)) return;
    if (this.closing) {
      // Accepted while the server shuts down: recorded, never spawned (nothing may outlive the server).
      this.update(streamId, { status: "stopped", stoppedAt: this.o.now(), pid: null });
      return;
    }
    let end = quiet;
    const ended = new Promise<void>((resolve) => {
      end = resolve;
    });
    const entry: Entry = {
      streamId,
      child: null,
      status: "starting",
      figures: null,
      lastFrame: 0,
      lastFrameAt: this.o.now(),
      runningSince: null,
      failures: 0,
      stopRequested: false,
      resumeOnStart: false,
      stallReason: null,
      restartTimer: null,
      stopProbe: null,
      stderr: new LineTail(50),
      streamKey: "",
      ended,
      end,
    };
    this.entries.set(streamId, entry);
    this.startWatch();
    void this.spawn(entry);
  }

  private update(streamId: number, set: Partial<typeof streams.$inferInsert>) {
    this.o.db.update(streams).set(set).where(eq(streams.id, streamId)).run();
  }

  private async spawn(entry: Entry): Promise<void> {
    this.cancelWait(entry);
    if (entry.stopRequested) return;
    const { db, env } = this.o;
    const row = db.select().from(streams).where(eq(streams.id, entry.streamId)).get();
    if (!row) return this.forget(entry);
    const destination = row.destinationId
      ? db.select().from(destinations).where(eq(destinations.id, row.destinationId)).get()
      : undefined;
    const media = row.mediaId
      ? db.select().from(mediaFiles).where(eq(mediaFiles.id, row.mediaId)).get()
      : undefined;
    if (!destination) return this.giveUp(entry, STREAMING.destinationNotFound);
    if (!media) return this.giveUp(entry, STREAMING.mediaNotFound);
    if (entry.failures > 0 && !destination.autorestart) {
      // Auto-restart was switched off during the backoff: the last failure stands.
      this.update(entry.streamId, { status: "error", stoppedAt: this.o.now(), pid: null });
      return this.forget(entry);
    }
    entry.streamKey = destination.streamKey;
    let file: string;
    try {
      file = await this.preparations.fileFor(media);
    } catch {
      if (entry.stopRequested) return;
      return this.giveUp(entry, STREAMING.preparationFailed);
    }
    // A stop may have come while the media was being prepared; it has already been recorded.
    if (entry.stopRequested || this.closing) return;
    if (!existsSync(file)) return this.giveUp(entry, STREAMING.mediaFileMissing);
    const release = await this.gate.acquire();
    if (entry.stopRequested || this.closing) return release();
    let child: Subprocess<"ignore", "pipe", "pipe">;
    try {
      child = spawnTied(
        [env.FFMPEG_PATH, ...streamArgs(file, rtmpTarget(destination.rtmpUrl, destination.streamKey))],
        { ownGroup: true },
      );
    } catch (err) {
      release();
      return this.failed(
        entry,
        maskSecrets(`Could not start ffmpeg: ${(err as Error).message}`, entry.streamKey),
      );
    }
    entry.child = child;
    entry.figures = null;
    entry.lastFrame = 0;
    entry.lastFrameAt = this.o.now();
    entry.runningSince = null;
    entry.stderr = new LineTail(50);
    entry.status = "starting";
    this.update(entry.streamId, { pid: child.pid, status: "starting" });
    this.log(`[stream ${entry.streamId}] ffmpeg started (pid ${child.pid})`);

    const decoder = new TextDecoder();
    const errDecoder = new TextDecoder();
    const parser = new ProgressParser((block) => this.onProgress(entry, child, block));
    const pumpOut = (async () => {
      for await (const chunk of child.stdout) parser.push(decoder.decode(chunk, { stream: true }));
    })().catch(quiet);
    // The slot is freed once ffmpeg reports its output open (connected, header sent), or on exit.
    const slotTimer = setTimeout(release, START_SLOT_MAX_MS);
    const pumpErr = (async () => {
      for await (const chunk of child.stderr) {
        const text = errDecoder.decode(chunk, { stream: true });
        entry.stderr.push(text);
        if (text.includes("Output #0")) release();
      }
    })().catch(quiet);
    const code = await child.exited;
    clearTimeout(slotTimer);
    release();
    await Promise.all([pumpOut, pumpErr]);
    this.onExit(entry, child, code);
  }

  private onProgress(entry: Entry, child: Subprocess, block: Map<string, string>) {
    if (entry.child !== child) return;
    const figures = figuresOf(block);
    entry.figures = figures;
    if (figures.frame > entry.lastFrame) {
      entry.lastFrame = figures.frame;
      entry.lastFrameAt = this.o.now();
    }
    if (entry.status === "starting" && figures.frame > 0 && !entry.stopRequested) {
      entry.status = "running";
      entry.runningSince = this.o.now();
      this.update(entry.streamId, { status: "running" });
      this.log(`[stream ${entry.streamId}] running`);
    }
  }

  private onExit(entry: Entry, child: Subprocess, code: number | null) {
    if (entry.child !== child) return;
    entry.child = null;
    entry.figures = null;
    if (entry.stopRequested) return this.finishStopped(entry);
    const how = child.signalCode
      ? `ffmpeg was killed by ${child.signalCode}`
      : `ffmpeg exited with code ${code}`;
    const message = entry.stallReason ?? failureMessage(entry.stderr.all(), entry.streamKey, how);
    entry.stallReason = null;
    this.failed(entry, message);
  }

  /** A failure: recorded on the row; restarted after the backoff if the destination auto-restarts. */
  private failed(entry: Entry, message: string) {
    const now = this.o.now();
    if (entry.runningSince !== null && now - entry.runningSince >= this.timings.healthyResetMs)
      entry.failures = 0;
    const row = this.o.db.select().from(streams).where(eq(streams.id, entry.streamId)).get();
    if (!row) return this.forget(entry);
    const destination = row.destinationId
      ? this.o.db.select().from(destinations).where(eq(destinations.id, row.destinationId)).get()
      : undefined;
    const errors = {
      errorCount: row.errorCount + 1,
      lastErrorMessage: message,
      lastErrorTime: now,
      pid: null,
    };
    this.log(`[stream ${entry.streamId}] failed (${row.errorCount + 1} so far)`);
    if (destination?.autorestart && !this.closing) {
      const delay = backoffDelay(entry.failures, this.timings);
      entry.failures += 1;
      entry.status = "starting";
      entry.runningSince = null;
      this.update(entry.streamId, { ...errors, status: "starting" });
      this.log(`[stream ${entry.streamId}] restarting in ${delay} ms`);
      entry.restartTimer = setTimeout(() => void this.spawn(entry), delay);
      // An ingest that went away and answers again restarts the stream now, not after the backoff.
      entry.stopProbe = watchIngest(destination.rtmpUrl, this.timings.ingestProbeMs, () => {
        if (!entry.restartTimer || entry.stopRequested) return;
        this.log(`[stream ${entry.streamId}] ingest answers again: restarting now`);
        void this.spawn(entry);
      });
      return;
    }
    this.update(entry.streamId, { ...errors, status: "error", stoppedAt: now });
    this.forget(entry);
  }

  /** A failure that a restart cannot mend (destination or media gone): error, no retry. */
  private giveUp(entry: Entry, message: string) {
    const row = this.o.db.select().from(streams).where(eq(streams.id, entry.streamId)).get();
    const now = this.o.now();
    this.update(entry.streamId, {
      status: "error",
      errorCount: (row?.errorCount ?? 0) + 1,
      lastErrorMessage: message,
      lastErrorTime: now,
      stoppedAt: now,
      pid: null,
    });
    this.forget(entry);
  }

  private finishStopped(entry: Entry) {
    this.update(entry.streamId, {
      status: "stopped",
      stoppedAt: this.o.now(),
      pid: null,
      resumeOnStart: entry.resumeOnStart,
    });
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
    if (!entry) {
      // Not ours (say, a row a crashed server left behind): just record the end.
      this.o.db
        .update(streams)
        .set({ status: "stopped", stoppedAt: this.o.now(), pid: null })
        .where(and(eq(streams.id, streamId), inArray(streams.status, [...LIVE_STATUSES])))
        .run();
      return;
    }
    if (entry.stopRequested) return entry.ended;
    entry.stopRequested = true;
    entry.resumeOnStart = opts.resumeOnStart ?? false;
    this.cancelWait(entry);
    const child = entry.child;
    if (!child) {
      this.finishStopped(entry);
      return;
    }
    entry.status = "stopping";
    this.update(streamId, { status: "stopping" });
    child.kill("SIGINT");
    const hard = setTimeout(() => child.kill("SIGKILL"), this.timings.stopGraceMs);
    await entry.ended;
    clearTimeout(hard);
  }

  live(streamId: number): LiveFigures | null {
    const entry = this.entries.get(streamId);
    return entry?.status === "running" ? entry.figures : null;
  }

  /** Streams this supervisor is handling (pushing, preparing or waiting to restart). */
  activeStreamIds(): number[] {
    return [...this.entries.keys()];
  }

  childPids(): number[] {
    const pids: number[] = [];
    for (const e of this.entries.values()) if (e.child) pids.push(e.child.pid);
    return [...pids, ...this.preparations.pids()];
  }

  cpuPercent(): number {
    return this.cpu.sample(this.childPids());
  }

  // The stall watch: one timer for all streams, running only while there are streams.
  private startWatch() {
    if (this.watch) return;
    this.watch = setInterval(() => this.checkStalls(), this.timings.stallCheckMs);
    this.watch.unref?.();
  }

  private stopWatch() {
    if (this.watch) clearInterval(this.watch);
    this.watch = null;
  }

  private checkStalls() {
    const now = this.o.now();
    const ids = [...this.entries.keys()];
    if (ids.length === 0) return;
    // A row removed under a live stream (its project was deleted) ends that stream.
    const present = new Set(
      this.o.db
        .select({ id: streams.id })
        .from(streams)
        .where(inArray(streams.id, ids))
        .all()
        .map((r) => r.id),
    );
    for (const entry of [...this.entries.values()]) {
      if (!present.has(entry.streamId)) {
        entry.stopRequested = true;
        if (entry.child) entry.child.kill("SIGKILL");
        else this.forget(entry);
        continue;
      }
      if (entry.child && !entry.stopRequested && now - entry.lastFrameAt > this.timings.stallMs) {
        entry.stallReason = STREAMING.stalled;
        this.log(`[stream ${entry.streamId}] stalled: killing pid ${entry.child.pid}`);
        entry.child.kill("SIGKILL");
        entry.lastFrameAt = now;
      }
    }
  }

  /**
   * Server start: rows left starting/running/stopping by a previous run are not ours. Kill their
   * ffmpeg if it survived, record them stopped with a note, and start again the ones whose
   * destination auto-restarts (also those a graceful shutdown marked to resume).
   */
  async reconcile(): Promise<number[]> {
    const { db } = this.o;
    for (const prep of this.preparations.leftRunning()) {
      if (prep.pid) await killIfOurs(prep.pid, "prepare");
      this.preparations.markInterrupted(prep.mediaId);
    }
    const rows = db
      .select()
      .from(streams)
      .where(or(inArray(streams.status, [...LIVE_STATUSES]), eq(streams.resumeOnStart, true)))
      .all()
      .filter((r) => !this.entries.has(r.id));
    const resumed: number[] = [];
    for (const row of rows) {
      const wasLive = (LIVE_STATUSES as readonly string[]).includes(row.status);
      if (wasLive && row.pid) await killIfOurs(row.pid, "stream");
      const now = this.o.now();
      this.update(row.id, {
        resumeOnStart: false,
        ...(wasLive
          ? { status: "stopped", stoppedAt: now, pid: null, lastErrorMessage: STREAMING.stoppedOnRestart }
          : {}),
      });
      const destination = row.destinationId
        ? db.select().from(destinations).where(eq(destinations.id, row.destinationId)).get()
        : undefined;
      const mediaExists = row.mediaId
        ? db.select({ id: mediaFiles.id }).from(mediaFiles).where(eq(mediaFiles.id, row.mediaId)).get()
        : undefined;
      if (!destination?.autorestart || !mediaExists) continue;
      const fresh = db
        .insert(streams)
        .values({
          projectId: row.projectId,
          destinationId: row.destinationId,
          mediaId: row.mediaId,
          mediaName: row.mediaName,
          mediaSize: row.mediaSize,
          destinationName: destination.name,
          destinationType: destination.type,
          status: "starting",
          startedBy: row.startedBy,
          startedAt: now,
        })
        .returning({ id: streams.id })
        .get();
      this.log(`[stream ${row.id}] resumed as stream ${fresh.id}`);
      this.launch(fresh.id);
      resumed.push(fresh.id);
    }
    return resumed;
  }

  /** Server shutdown: stop every child and record it; auto-restart streams resume on the next start. */
  async shutdown(): Promise<void> {
    this.closing = true;
    const stops = [...this.entries.values()].map((entry) => {
      const row = this.o.db
        .select({ autorestart: destinations.autorestart })
        .from(streams)
        .innerJoin(destinations, eq(destinations.id, streams.destinationId))
        .where(eq(streams.id, entry.streamId))
        .get();
      return this.stop(entry.streamId, { resumeOnStart: row?.autorestart ?? false });
    });
    await Promise.all([...stops, this.preparations.shutdown()]);
    this.stopWatch();
  }

  /** Last resort on process exit: nothing may outlive the server, even without a clean shutdown. */
  killAllNow(): void {
    for (const pid of this.childPids()) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
  }
}
