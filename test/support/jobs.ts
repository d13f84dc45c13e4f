import type {
  AllAppsSyncResult,
  DateRange,
  FinancialSyncResult,
  SteamSyncResult,
} from "@shared/schemas/analytics";
import { ENDED_JOB_STATUSES, type SyncJobStart, type SyncJobView } from "@shared/schemas/jobs";
import type { callerFor } from "./server";

type Caller = Awaited<ReturnType<typeof callerFor>>;

/** Polls a sync job as the console does until it has ended, within a deadline. */
export async function jobEnd(caller: Caller, start: SyncJobStart, timeoutMs = 15_000): Promise<SyncJobView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await caller.analytics.syncJob({ jobId: start.jobId });
    if (ENDED_JOB_STATUSES.includes(job.status)) return job;
    if (Date.now() > deadline)
      throw new Error(`job ${start.jobId} still ${job.status} after ${timeoutMs} ms`);
    await Bun.sleep(5);
  }
}

/** A failed job as an error: its message, HTTP status and details, as the direct call answered. */
export class JobFailed extends Error {
  constructor(readonly job: SyncJobView) {
    super(job.error?.message ?? job.status);
  }
  get status() {
    return this.job.error?.status;
  }
  get details() {
    return this.job.error?.details;
  }
}

async function resultOf<R>(caller: Caller, start: SyncJobStart): Promise<R> {
  const job = await jobEnd(caller, start);
  if (job.status !== "done") throw new JobFailed(job);
  return job.result as R;
}

/** The sync procedures, each started and then waited for: answers the job's result or throws JobFailed. */
export function untilDone(caller: Caller) {
  const a = caller.analytics;
  return {
    analytics: {
      syncSteam: async (input: { projectId: number; days: number }) =>
        resultOf<SteamSyncResult>(caller, await a.syncSteam(input)),
      syncFinancial: async (input: { projectId: number; days: number }) =>
        resultOf<FinancialSyncResult>(caller, await a.syncFinancial(input)),
      syncFinancialRecent: async (input: { projectId: number }) =>
        resultOf<FinancialSyncResult>(caller, await a.syncFinancialRecent(input)),
      syncFinancialHistory: async (input: { projectId: number }) =>
        resultOf<FinancialSyncResult>(caller, await a.syncFinancialHistory(input)),
      syncAllApps: async (input: { dateRange: DateRange }) =>
        resultOf<AllAppsSyncResult>(caller, await a.syncAllApps(input)),
    },
  };
}
