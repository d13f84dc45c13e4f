import type { AppDeps } from "@server/deps";
import type { DestinationRow, StreamRow } from "@server/features/streaming";
import { closeIntent, liveStreamsByDestination } from "@server/features/streaming";
import { destinations, schedules } from "@server/platform/db/schema";
import { eq } from "drizzle-orm";
import { ruleOf, type ScheduleRow } from "./rules";
import { launchWindow } from "./window-source";
import { activeOccurrence, type Occurrence } from "./windows";

export interface SchedulerTimers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const realTimers: SchedulerTimers = {
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
};

export const TICK_MS = 1000;
/** A window whose stream failed for good is started again, but no more often than this. */
export const RETRY_MS = 60_000;

type Entry = { row: ScheduleRow; destination: DestinationRow };

/**
 * Starts and stops streams at their windows' bounds. Each tick compares the windows with the streams
 * in the database, so a restart loses nothing: a window in progress starts at the first tick. Idle
 * until start(); tests call tick() on their own clock.
 */
export class Scheduler {
  private handle: unknown = null;
  private running: Promise<void> | null = null;
  /** Per window, when a start was last tried: a failing window is retried at most once per RETRY_MS. */
  private readonly lastAttempt = new Map<number, number>();
  /** Per window, the occurrence whose start was announced (schedule.started goes out once per occurrence). */
  private readonly announced = new Map<number, number>();

  constructor(
    private readonly deps: AppDeps,
    private readonly timers: SchedulerTimers = realTimers,
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** Runs one tick at once (a window already in progress begins now), then one every second. */
  start(): void {
    if (this.handle !== null) return;
    this.handle = this.timers.setInterval(() => void this.tick(), TICK_MS);
    void this.tick();
  }

  async stop(): Promise<void> {
    if (this.handle !== null) this.timers.clearInterval(this.handle);
    this.handle = null;
    await this.running;
  }

  /** One pass over every window. Overlapping calls share the pass in flight. */
  tick(): Promise<void> {
    this.running ??= this.pass()
      .catch((err) => this.log(`[scheduler] tick failed: ${(err as Error).message}`))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private entries(): Entry[] {
    return this.deps.db
      .select({ row: schedules, destination: destinations })
      .from(schedules)
      .innerJoin(destinations, eq(destinations.id, schedules.destinationId))
      .where(eq(destinations.isActive, true))
      .all();
  }

  private async pass(): Promise<void> {
    const now = this.deps.now();
    const entries = this.entries().map((e) => ({ ...e, occ: activeOccurrence(ruleOf(e.row), now) }));
    const ids = [...new Set(entries.map((e) => e.destination.id))];
    // Ends first, so that a window starting where another ends finds its destination free.
    const live = liveStreamsByDestination(this.deps, ids);
    let ended = false;
    for (const e of entries) {
      const stream = live.get(e.destination.id);
      if (e.occ || stream?.scheduleId !== e.row.id || stream.status === "stopping") continue;
      await this.end(e, stream);
      ended = true;
    }
    // Only an end changes which destinations are live; most ticks reuse the first read.
    const liveNow = ended ? liveStreamsByDestination(this.deps, ids) : live;
    for (const e of entries) {
      if (e.occ && !liveNow.has(e.destination.id)) this.begin(e, e.occ, now);
    }
  }

  private begin(e: Entry, occ: Occurrence, now: number): void {
    // A person stopped this window's stream: leave the destination alone until the window is over.
    if (e.row.heldUntil !== null && e.row.heldUntil > now) return;
    const last = this.lastAttempt.get(e.row.id);
    if (last !== undefined && now - last < RETRY_MS) return;
    this.lastAttempt.set(e.row.id, now);
    let stream: StreamRow;
    try {
      stream = launchWindow(this.deps, e.destination, e.row);
    } catch (err) {
      this.log(`[scheduler] window ${e.row.id} could not start: ${(err as Error).message}`);
      return;
    }
    this.log(`[scheduler] window ${e.row.id} started stream ${stream.id}`);
    if (this.announced.get(e.row.id) === occ.start) return;
    this.announced.set(e.row.id, occ.start);
    this.emit("schedule.started", e, stream.id, now);
  }

  private async end(e: Entry, stream: StreamRow): Promise<void> {
    // The window is over: the destination is no longer meant to be live, so its uptime stops counting.
    closeIntent(this.deps.db, e.destination.id, this.deps.now());
    await this.deps.supervisor.stop(stream.id);
    this.lastAttempt.delete(e.row.id);
    this.log(`[scheduler] window ${e.row.id} ended stream ${stream.id}`);
    this.emit("schedule.ended", e, stream.id, this.deps.now());
  }

  private emit(type: "schedule.started" | "schedule.ended", e: Entry, streamId: number, at: number) {
    this.deps.events.emit({
      type,
      at,
      projectId: e.destination.projectId,
      destinationId: e.destination.id,
      destinationName: e.destination.name,
      scheduleId: e.row.id,
      streamId,
    });
  }
}
