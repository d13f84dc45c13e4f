import { type PipedChild, spawnTied } from "@server/platform/process/child-process";
import { figuresOf, type ProgressFigures, ProgressParser } from "@server/platform/process/ffmpeg-progress";
import { LineTail } from "@server/platform/process/line-tail";
import { maskAddresses } from "@server/platform/process/mask-addresses";
import { STREAMING } from "@shared/messages/streaming";
import type { LiveFigures } from "@shared/schemas/streaming";
import { isRefusedPublish } from "./refusal";
import { failureMessage, maskSecrets } from "./secrets";

// One ffmpeg run: spawn, progress, stall watch, graceful then hard stop. It knows nothing of the
// database or of restarts; it tells its owner what happened through callbacks and ends once.

export type ProcessState = "idle" | "starting" | "running" | "stopping" | "exited" | "failed";

/** Every legal move; any other throws. "exited" is an end that was asked for, "failed" any other. */
export const TRANSITIONS: Readonly<Record<ProcessState, readonly ProcessState[]>> = {
  idle: ["starting", "exited"],
  starting: ["running", "stopping", "failed"],
  running: ["stopping", "failed"],
  stopping: ["exited"],
  exited: [],
  failed: [],
};

/**
 * Why the run ended: stopped on request, no new frame in time, ffmpeg ended by itself, never ran, or
 * reached the planned end of its span (a reconnect on purpose, not a failure).
 */
export type EndReason = "stopped" | "stalled" | "ended" | "spawn-failed" | "planned";

export interface ProcessEnd {
  state: "exited" | "failed";
  reason: EndReason;
  /** For a failure: what to show, masked; null for a requested stop. */
  message: string | null;
  /** ffmpeg's own words (masked) when the message is a plain reading of them, for the log. */
  detail?: string;
  /** For a stall: when the last frame went out; the run was not live after it. */
  lastFrameAt?: number;
}

export interface ProcessEvents {
  /** Every move of the state, in order. */
  onTransition?: (from: ProcessState, to: ProcessState) => void;
  /** ffmpeg reported its output open (connected, header sent): its start-up is over. */
  onOutputOpen?: () => void;
  /** The first frame went out. */
  onRunning?: () => void;
  onFigures?: (figures: ProgressFigures) => void;
  /** Called once, after the child is gone and its output read. */
  onEnd?: (end: ProcessEnd) => void;
}

export interface StreamProcessOptions {
  argv: string[];
  /** Masked out of every message (the stream key). */
  secret: string;
  stallMs: number;
  stallCheckMs: number;
  stopGraceMs: number;
  /** A clean exit at this many seconds of output or later is the planned end (read at exit: it may move). */
  plannedEnd?: { readonly seconds: number };
  /** Where in one play the run started (a resumed run); its figures' place in the play counts from it. */
  playStartSeconds?: number;
  now?: () => number;
  events?: ProcessEvents;
}

/** ffmpeg's last progress figures may lag its final packet by up to one progress period. */
const PLANNED_END_SLACK_SECONDS = 2;

export class IllegalTransition extends Error {
  constructor(from: ProcessState, to: ProcessState) {
    super(`A stream process cannot go from ${from} to ${to}`);
  }
}

export class StreamProcess {
  private current: ProcessState = "idle";
  private child: PipedChild | null = null;
  private latest: ProgressFigures | null = null;
  private lastFrame = 0;
  private lastFrameAt = 0;
  private stalled = false;
  private readonly stderr = new LineTail(50);
  private stallTimer: ReturnType<typeof setInterval> | null = null;
  private hardStop: ReturnType<typeof setTimeout> | null = null;
  private settle: (end: ProcessEnd) => void = () => {};
  /** Resolves once with how the run ended. */
  readonly ended: Promise<ProcessEnd>;

  constructor(private readonly options: StreamProcessOptions) {
    this.ended = new Promise((resolve) => {
      this.settle = resolve;
    });
  }

  get state(): ProcessState {
    return this.current;
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /** The latest progress figures while running; null before the first frame and after. */
  get figures(): LiveFigures | null {
    if (this.current !== "running" || !this.latest) return null;
    return {
      ...this.latest,
      play_seconds: this.latest.out_time_seconds + (this.options.playStartSeconds ?? 0),
    };
  }

  private to(next: ProcessState): void {
    const from = this.current;
    if (!TRANSITIONS[from].includes(next)) throw new IllegalTransition(from, next);
    this.current = next;
    this.options.events?.onTransition?.(from, next);
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Spawns ffmpeg. A spawn that fails ends the run at once as a failure (reported, not thrown). */
  start(): void {
    this.to("starting");
    try {
      this.child = spawnTied(this.options.argv, { ownGroup: true, kind: "stream" });
    } catch (err) {
      const message = maskAddresses(
        maskSecrets(`Could not start ffmpeg: ${(err as Error).message}`, this.options.secret),
      );
      this.finish("failed", "spawn-failed", message);
      return;
    }
    this.lastFrameAt = this.now();
    this.stallTimer = setInterval(() => this.checkStall(), this.options.stallCheckMs);
    this.stallTimer.unref?.();
    void this.follow(this.child);
  }

  /** SIGINT, then SIGKILL after the grace period; resolves when the run has ended. */
  stop(): Promise<ProcessEnd> {
    if (this.current === "idle") this.finish("exited", "stopped", null);
    if (this.current === "starting" || this.current === "running") {
      this.to("stopping");
      this.child?.kill("SIGINT");
      this.hardStop = setTimeout(() => this.child?.kill("SIGKILL"), this.options.stopGraceMs);
    }
    return this.ended;
  }

  /** SIGKILL now: for a stream whose record is gone, where a graceful end has nobody to tell. */
  kill(): Promise<ProcessEnd> {
    const child = this.child;
    void this.stop();
    child?.kill("SIGKILL");
    return this.ended;
  }

  private checkStall(): void {
    if (this.stalled || this.current === "stopping" || !this.child) return;
    if (this.now() - this.lastFrameAt <= this.options.stallMs) return;
    this.stalled = true;
    this.child.kill("SIGKILL");
  }

  private onBlock(block: Map<string, string>): void {
    if (this.current !== "starting" && this.current !== "running") return;
    const figures = figuresOf(block);
    this.latest = figures;
    if (figures.frame > this.lastFrame) {
      this.lastFrame = figures.frame;
      this.lastFrameAt = this.now();
    }
    if (this.current === "starting" && figures.frame > 0) {
      this.to("running");
      this.options.events?.onRunning?.();
    }
    this.options.events?.onFigures?.(figures);
  }

  private async follow(child: PipedChild): Promise<void> {
    const parser = new ProgressParser((block) => this.onBlock(block));
    const outDecoder = new TextDecoder();
    const errDecoder = new TextDecoder();
    let opened = false;
    let openedAt = 0;
    const pumpOut = (async () => {
      for await (const chunk of child.stdout) parser.push(outDecoder.decode(chunk, { stream: true }));
    })().catch(() => {});
    const pumpErr = (async () => {
      for await (const chunk of child.stderr) {
        const text = errDecoder.decode(chunk, { stream: true });
        this.stderr.push(text);
        if (!opened && text.includes("Output #0")) {
          opened = true;
          openedAt = this.now();
          this.options.events?.onOutputOpen?.();
        }
      }
    })().catch(() => {});
    const code = await child.exited;
    await Promise.all([pumpOut, pumpErr]);
    if (this.current === "stopping") return this.finish("exited", "stopped", null);
    if (this.stalled) return this.finish("failed", "stalled", STREAMING.stalled);
    if (this.reachedPlannedEnd(code)) {
      this.to("stopping");
      return this.finish("exited", "planned", null);
    }
    const how = child.signalCode
      ? `ffmpeg was killed by ${child.signalCode}`
      : `ffmpeg exited with code ${code}`;
    const tail = this.stderr.all();
    const refused = isRefusedPublish(tail, opened ? this.now() - openedAt : null);
    // Still an "ended" failure, so auto-restart retries: a revoked key may be fixed by an edit.
    const message = failureMessage(tail, this.options.secret, how);
    this.finish("failed", "ended", refused ? STREAMING.keyRefused : message, refused ? message : undefined);
  }

  /**
   * ffmpeg exits 0 by itself only at the end of its -t span (the input loops for ever); the last
   * figures must show that span reached, so an ingest that hung up cleanly is still a failure.
   */
  private reachedPlannedEnd(code: number | null): boolean {
    const end = this.options.plannedEnd?.seconds;
    if (end === undefined || code !== 0 || this.current !== "running") return false;
    return (this.latest?.out_time_seconds ?? 0) >= end - PLANNED_END_SLACK_SECONDS;
  }

  private finish(
    state: "exited" | "failed",
    reason: EndReason,
    message: string | null,
    detail?: string,
  ): void {
    this.to(state);
    if (this.stallTimer) clearInterval(this.stallTimer);
    if (this.hardStop) clearTimeout(this.hardStop);
    this.stallTimer = this.hardStop = null;
    this.latest = null;
    const end: ProcessEnd = { state, reason, message };
    if (detail !== undefined) end.detail = detail;
    if (reason === "stalled") end.lastFrameAt = this.lastFrameAt;
    this.settle(end);
    this.options.events?.onEnd?.(end);
  }
}
