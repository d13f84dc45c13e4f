import type { Db } from "@server/platform/db/client";
import { jobs } from "@server/platform/db/schema";
import { AppError, type ErrorCode } from "@server/platform/errors";
import { JOBS } from "@shared/messages/jobs";
import type { JobStatus } from "@shared/schemas/jobs";
import { and, desc, eq, inArray, isNull, or } from "drizzle-orm";
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
  /**
   * This process's node name, written on the rows it runs. Unset: the runner is the database's only
   * one, and a restart interrupts every unfinished row.
   */
  node?: string;
  /** How often a job another node runs is looked at by a start that joined it (default 1 s). */
  pollMs?: number;
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
   * taken before the row is written, so two starts made together never both run the work. Across
   * nodes the row is the claim: the database keeps one unfinished row per key, and a start on another
   * node that finds one joins it by watching its row.
   */
  async start<R>(spec: JobSpec, work: (report: ReportProgress) => Promise<R>): Promise<StartedJob<R>> {
    const running = this.inFlight.get(spec.key);
    if (running) return { id: await running.id, joined: true, finished: running.done as Promise<R> };
    const claim = this.claim(spec);
    const id = claim.then((c) => c.id);
    const finished = claim.then((c) => (c.ours ? this.run(c.id, work) : (this.watch(c.id) as Promise<R>)));
    // A start nobody waits on must not surface as an unhandled rejection: the row records the failure.
    finished.catch(() => {});
    this.inFlight.add(spec.key, { id, done: finished });
    const { ours } = await claim;
    return { id: await id, joined: !ours, finished };
  }

  /** Writes the job's row, or finds the unfinished one of its key another node wrote. */
  private async claim(spec: JobSpec): Promise<{ id: number; ours: boolean }> {
    for (;;) {
      const now = this.options.now();
      const [row] = await this.options.db
        .insert(jobs)
        .values({
          ...spec,
          node: this.options.node ?? null,
          status: "queued",
          startedAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: jobs.id });
      if (row) return { id: row.id, ours: true };
      const [other] = await this.options.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.key, spec.key), inArray(jobs.status, UNFINISHED)))
        .limit(1);
      // Finished between the two statements: the key is free again.
      if (other) return { id: other.id, ours: false };
    }
  }

  /** Settles as the job another node runs settles: its result, or its error as a direct call would throw it. */
  private async watch(id: number): Promise<unknown> {
    for (;;) {
      const row = await this.get(id);
      if (!row) throw new Error(JOBS.failedUnexpectedly);
      if (row.status === "done") return row.result;
      if (row.status === "failed" || row.status === "interrupted") {
        const message = row.errorMessage ?? JOBS.failedUnexpectedly;
        throw row.errorCode
          ? new AppError(row.errorCode as ErrorCode, message, row.errorDetails ?? undefined)
          : new Error(message);
      }
      await Bun.sleep(this.options.pollMs ?? 1000);
    }
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
   * Server start: this node's rows still queued or running belong to its run that stopped mid-work
   * (another node's rows are its own; those of a node that went down are ended by interruptJobsOf). Their
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
      .where(and(inArray(jobs.status, UNFINISHED), this.ownRows()))
      .returning({ id: jobs.id });
    return interrupted.length;
  }

  /** The rows this process may have run: its node's, and those written before nodes were named. */
  private ownRows() {
    const node = this.options.node;
    return node === undefined ? undefined : or(eq(jobs.node, node), isNull(jobs.node));
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

/** Ends the unfinished jobs of nodes that went down: their work stopped with them, and their keys are free again. */
export async function interruptJobsOf(db: Db, nodeNames: readonly string[], now: number): Promise<number> {
  if (nodeNames.length === 0) return 0;
  const rows = await db
    .update(jobs)
    .set({ status: "interrupted", errorMessage: JOBS.interruptedNodeDown, finishedAt: now, updatedAt: now })
    .where(and(inArray(jobs.status, UNFINISHED), inArray(jobs.node, [...nodeNames])))
    .returning({ id: jobs.id });
  return rows.length;
}
