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
  private readonly inFlight = new InFlight<string, { id: Promise<number>; done: Promise<unknown> }>();

  constructor(private readonly options: JobRunnerOptions) {}

  /**
   * Records the job and starts its work. A start of a key already running joins that job: the key is
   * taken before the row is written, so two starts made together never both run the work.
   */
  async start<R>(spec: JobSpec, work: (report: ReportProgress) => Promise<R>): Promise<StartedJob<R>> {
    const running = this.inFlight.get(spec.key);
    if (running) return { id: await running.id, joined: true, finished: running.done as Promise<R> };
    const now = this.options.now();
    const id = this.options.db
      .insert(jobs)
      .values({ ...spec, status: "queued", startedAt: now, updatedAt: now })
      .returning({ id: jobs.id })
      .then(([row]) => row!.id);
    const finished = id.then((rowId) => this.run(rowId, work));
    // A start nobody waits on must not surface as an unhandled rejection: the row records the failure.
    finished.catch(() => {});
    this.inFlight.add(spec.key, { id, done: finished });
    return { id: await id, joined: false, finished };
  }

  async get(id: number): Promise<JobRow | undefined> {
    return (await this.options.db.select().from(jobs).where(eq(jobs.id, id)))[0];
  }

  /** Unfinished jobs of a project (or, with null, those of no project), newest first. */
  async unfinished(projectId: number | null): Promise<JobRow[]> {
    return await this.options.db
      .select()
      .from(jobs)
      .where(
        and(
          inArray(jobs.status, UNFINISHED),
          projectId === null ? isNull(jobs.projectId) : eq(jobs.projectId, projectId),
        ),
      )
      .orderBy(desc(jobs.id));
  }

  /**
   * Server start: rows still queued or running belong to a server that stopped mid-work. Their
   * work cannot be picked up where it was (the syncs are safe to run again from the start), so they
   * end interrupted with a plain note. Returns how many.
   */
  async interruptLeftRunning(): Promise<number> {
    const now = this.options.now();
    const interrupted = await this.options.db
      .update(jobs)
      .set({
        status: "interrupted",
        errorMessage: JOBS.interruptedByRestart,
        finishedAt: now,
        updatedAt: now,
      })
      .where(inArray(jobs.status, UNFINISHED))
      .returning({ id: jobs.id });
    return interrupted.length;
  }

  private async run<R>(id: number, work: (report: ReportProgress) => Promise<R>): Promise<R> {
    await this.update(id, { status: "running" });
    // Progress is reported synchronously; its writes are chained so they land in the order reported
    // and all before the row's final state.
    let progress: Promise<void> = Promise.resolve();
    const report: ReportProgress = (values) => {
      progress = progress.then(() => this.update(id, values));
    };
    try {
      const result = await work(report);
      await progress;
      await this.update(id, { status: "done", result, finishedAt: this.options.now() });
      return result;
    } catch (err) {
      await progress;
      await this.recordFailure(id, err);
      throw err;
    }
  }

  private async recordFailure(id: number, err: unknown): Promise<void> {
    const known = err instanceof AppError;
    if (!known) this.options.log?.(`[job ${id}] failed: ${(err as Error)?.stack ?? String(err)}`);
    await this.update(id, {
      status: "failed",
      errorMessage: known ? err.message : JOBS.failedUnexpectedly,
      errorCode: known ? err.code : null,
      errorDetails: known ? (err.details ?? null) : null,
      finishedAt: this.options.now(),
    });
  }

  /** Never rejects: a write the database refuses is logged. */
  private async update(id: number, values: Partial<typeof jobs.$inferInsert>): Promise<void> {
    try {
      await this.options.db
        .update(jobs)
        .set({ ...values, updatedAt: this.options.now() })
        .where(eq(jobs.id, id));
    } catch (err) {
      // A full disk can refuse a progress write; the work itself goes on and still answers.
      this.options.log?.(`[job ${id}] could not record its state: ${(err as Error).message}`);
    }
  }
}
