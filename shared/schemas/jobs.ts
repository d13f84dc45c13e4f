import { z } from "zod";
import type { AllAppsSyncResult, FinancialSyncResult, SteamSyncResult } from "./analytics";
import { idSchema } from "./ids";

// Background jobs as the console reads them: the Steam syncs run on the server and are polled.

export const JOB_STATUSES = ["queued", "running", "done", "failed", "interrupted"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/** A job in one of these has ended and will not change again. */
export const ENDED_JOB_STATUSES: readonly JobStatus[] = ["done", "failed", "interrupted"];
/** How often a screen asks for the progress of a running job. */
export const JOB_POLL_MS = 1000;

export const SYNC_JOB_KINDS = [
  "steam",
  "financial-period",
  "financial-recent",
  "financial-history",
  "all-apps",
] as const;
export type SyncJobKind = (typeof SYNC_JOB_KINDS)[number];
export type FinancialJobKind = Extract<SyncJobKind, `financial-${string}`>;

/** Why a job did not finish: the same message, status and details a direct call would have answered. */
export interface JobFailure {
  message: string;
  status?: number;
  details?: Record<string, unknown>;
}

interface JobBase {
  id: number;
  status: JobStatus;
  projectId: number | null;
  datesDone: number;
  datesTotal: number;
  recordsFound: number;
  error: JobFailure | null;
  startedAt: string;
  finishedAt: string | null;
}

export type SyncJobView = JobBase &
  (
    | { kind: "steam"; result: SteamSyncResult | null }
    | { kind: FinancialJobKind; result: FinancialSyncResult | null }
    | { kind: "all-apps"; result: AllAppsSyncResult | null }
  );

/** What a start call answers at once: the job to poll (a running one of the same kind is joined). */
export interface SyncJobStart {
  jobId: number;
}

export const jobInput = z.object({ jobId: idSchema });
