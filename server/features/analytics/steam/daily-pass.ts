import { realTimers, type SamplerTimers, settleWithin } from "./timers";

// Work done once a UTC day per app (a review summary, the newest wishlist days). The timer looks
// every hour for apps not done today, so a restart or a failed read catches up within the hour and
// nothing is read twice the same day.

export const DAILY_CHECK_MS = 3_600_000;

export interface DailyWork<K extends string> {
  /** Every outcome `run` can name, so a pass answers an empty list for each one that did not happen. */
  outcomes: readonly K[];
  /** The apps to cover now. */
  apps: () => Promise<number[]>;
  /** Whether the app's work is done for today. */
  doneToday: (appId: number) => boolean | Promise<boolean>;
  /** Does the app's work; the answer names the outcome. */
  run: (appId: number) => Promise<K>;
  /** One app failing is a log line, never a crash and never the end of the pass. */
  failed: (appId: number, err: unknown) => void | Promise<void>;
}

export type DailyRun<K extends string> = Record<K | "failed", number[]>;

export class DailyPass<K extends string> {
  private handle: unknown = null;
  private running: Promise<DailyRun<K>> | null = null;

  constructor(
    private readonly work: DailyWork<K>,
    private readonly timers: SamplerTimers = realTimers,
  ) {}

  /** One pass over the apps not done today. Overlapping calls share the pass. */
  runOnce(): Promise<DailyRun<K>> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<DailyRun<K>> {
    const run = Object.fromEntries(
      [...this.work.outcomes, "failed"].map((k) => [k, []]),
    ) as unknown as DailyRun<K>;
    for (const appId of await this.work.apps()) {
      if (await this.work.doneToday(appId)) continue;
      try {
        const outcome = await this.work.run(appId);
        run[outcome].push(appId);
      } catch (err) {
        await this.work.failed(appId, err);
        run.failed.push(appId);
      }
    }
    return run;
  }

  /** Does what is missing now, then checks every hour. */
  start(): void {
    if (this.handle !== null) return;
    this.handle = this.timers.setInterval(() => void this.runOnce(), DAILY_CHECK_MS);
    void this.runOnce();
  }

  /** Stops the timer; waits for a pass in flight, but never longer than `graceMs` (Steam may be slow). */
  async stop(graceMs = 2000): Promise<void> {
    if (this.handle !== null) this.timers.clearInterval(this.handle);
    this.handle = null;
    await settleWithin(this.running, graceMs);
  }
}
