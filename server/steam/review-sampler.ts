import type { AppDeps } from "../deps";
import { hasReviewDay, reviewFailure, sampleReviews } from "../services/review-days";
import type { SamplerTimers } from "./sampler";
import { watchedAppIds } from "./sampler";

// The store's review summary changes slowly and Steam keeps no history of it: once a UTC day, every
// app some project watches gets a row. The timer looks every hour for apps without today's row, so
// a restart or a failed read catches up within the hour, and never reads an app twice the same day.

export const REVIEW_CHECK_MS = 3_600_000;

const realTimers: SamplerTimers = {
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
};

export interface ReviewRun {
  stored: number[];
  noSummary: number[];
  failed: number[];
}

export class ReviewSampler {
  private handle: unknown = null;
  private running: Promise<ReviewRun> | null = null;

  constructor(
    private readonly deps: AppDeps,
    private readonly timers: SamplerTimers = realTimers,
  ) {}

  /** One pass over the watched apps that lack today's row. Overlapping calls share the pass. */
  runOnce(): Promise<ReviewRun> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<ReviewRun> {
    const run: ReviewRun = { stored: [], noSummary: [], failed: [] };
    for (const appId of watchedAppIds(this.deps)) {
      if (hasReviewDay(this.deps, appId)) continue;
      try {
        const result = await sampleReviews(this.deps, appId);
        (result === "stored" ? run.stored : run.noSummary).push(appId);
      } catch (err) {
        // Steam down or odd for one app is a log line, never a crash and never the end of the pass.
        reviewFailure(appId, err);
        run.failed.push(appId);
      }
    }
    return run;
  }

  /** Reads what is missing now, then checks every hour. */
  start(): void {
    if (this.handle !== null) return;
    this.handle = this.timers.setInterval(() => void this.runOnce(), REVIEW_CHECK_MS);
    void this.runOnce();
  }

  /** Stops the timer; waits for a pass in flight, but never longer than `graceMs` (Steam may be slow). */
  async stop(graceMs = 2000): Promise<void> {
    if (this.handle !== null) this.timers.clearInterval(this.handle);
    this.handle = null;
    if (!this.running) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([this.running.catch(() => {}), grace]);
    clearTimeout(timer);
  }
}
