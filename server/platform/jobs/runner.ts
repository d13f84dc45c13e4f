import type { Db } from "@server/platform/db/client";
import { jobs } from "@server/platform/db/schema";
import { AppError } from "@server/platform/errors";
import { JOBS } from "@shared/messages/jobs";
import type { JobStatus } from "@shared/schemas/jobs";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { InFlight } from "./in-flight";

export type JobRow = typeof jobs.$inferSelect;

export interface JobProgress {
  datesDone: number;
  datesTotal: number;
  recordsFound: number;
}
/** Called by a job's work as it advances; each call is written to the job's row. */
export type ReportProgress = (progress: Partial<JobProgress>) => void;

export interface JobSpec {
  kind: string;
  /** One job per key runs at a time. */
  key: string;
  projectId: number | null;
  startedBy: number | null;
}

export interface StartedJob<R> {
  id: number;
  /** True when a job of the same key was already running and this start joined it. */
  joined: boolean;
  /** Settles with the work's result, or rejects with the error it failed with. */
  finished: Promise<R>;
}

export interface JobRunnerOptions {
  db: Db;
  now: () => number;
  log?: (line: string) => void;
}

const UNFINISHED: JobStatus[] = ["queued", "running"];

/**
 * Runs background work as jobs recorded in the `jobs` table. Starting answers at once with the job's
 * id; the work runs on, writing its progress to the row; the row ends done (with the result), failed
 * (with the error a direct call would have thrown) or interrupted (its server stopped).
 */
export class JobRunner {
  private readonly inFlight = new InFlight<string, { id: number; done: Promise<unknown> }>();

  constructor(private readonly options: JobRunnerOptions) {}

  start<R>(spec: JobSpec, work: (report: ReportProgress) => Promise<R>): StartedJob<R> {
    const running = this.inFlight.get(spec.key);
    if (running) return { id: running.id, joined: true, finished: running.done as Promise<R> };
    const now = this.options.now();
    const row = this.options.db
      .insert(jobs)
      .values({ ...spec, status: "queued", startedAt: now, updatedAt: now })
      .returning({ id: jobs.id })
      .get();
    const finished = this.run(row.id, work);
    // A start nobody waits on must not surface as an unhandled rejection: the row records the failure.
    finished.catch(() => {});
    this.inFlight.add(spec.key, { id: row.id, done: finished });
    return { id: row.id, joined: false, finished };
  }

  get(id: number): JobRow | undefined {
    return this.options.db.select().from(jobs).where(eq(jobs.id, id)).get();
  }

  /** Unfinished jobs of a project (or, with null, those of no project), newest first. */
  unfinished(projectId: number | null): JobRow[] {
    return this.options.db
      .select()
      .from(jobs)
      .where(
        and(
          inArray(jobs.status, UNFINISHED),
          projectId === null ? isNull(jobs.projectId) : eq(jobs.projectId, projectId),
        ),
      )
      .orderBy(desc(jobs.id))
      .all();
  }

  /**
   * Server start: rows still queued or running belong to a server that stopped mid-work. Their
   * work cannot be picked up where it was (the syncs are safe to run again from the start), so they
   * end interrupted with a plain note. Returns how many.
   */
  interruptLeftRunning(): number {
    const now = this.options.now();
    return this.options.db
      .update(jobs)
      .set({
        status: "interrupted",
        errorMessage: JOBS.interruptedByRestart,
        finishedAt: now,
        updatedAt: now,
      })
      .where(inArray(jobs.status, UNFINISHED))
      .returning({ id: jobs.id })
      .all().length;
  }

  private async run<R>(id: number, work: (report: ReportProgress) => Promise<R>): Promise<R> {
    await Promise.resolve();
    this.update(id, { status: "running" });
    try {
      const result = await work((progress) => this.update(id, progress));
      this.update(id, { status: "done", result, finishedAt: this.options.now() });
      return result;
    } catch (err) {
      this.recordFailure(id, err);
      throw err;
    }
  }

  private recordFailure(id: number, err: unknown): void {
    const known = err instanceof AppError;
    if (!known) this.options.log?.(`[job ${id}] failed: ${(err as Error)?.stack ?? String(err)}`);
    this.update(id, {
      status: "failed",
      errorMessage: known ? err.message : JOBS.failedUnexpectedly,
      errorCode: known ? err.code : null,
      errorDetails: known ? (err.details ?? null) : null,
      finishedAt: this.options.now(),
    });
  }

  private update(id: number, values: Partial<typeof jobs.$inferInsert>): void {
    try {
      this.options.db
        .update(jobs)
        .set({ ...values, updatedAt: this.options.now() })
        .where(eq(jobs.id, id))
        .run();
    } catch (err) {
      // A full disk can refuse a progress write; the work itself goes on and still answers.
      this.options.log?.(`[job ${id}] could not record its state: ${(err as Error).message}`);
    }
  }
}
