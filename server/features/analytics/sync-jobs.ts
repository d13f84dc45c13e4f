import type { AppDeps } from "@server/deps";
import { requirePermission, requireProject } from "@server/features/projects";
import { type ErrorCode, httpStatusOf, notFound } from "@server/platform/errors";
import { iso } from "@server/platform/iso";
import type { JobRow, ReportProgress, StartedJob } from "@server/platform/jobs/runner";
import { AUTH } from "@shared/messages/auth";
import { JOBS } from "@shared/messages/jobs";
import { SYNC_JOB_KINDS, type SyncJobKind, type SyncJobView } from "@shared/schemas/jobs";
import type { SessionUser } from "@shared/types";

// The Steam syncs as background jobs: starting one (or joining the running one of its kind), and
// reading a job's progress with the same access rules as the sync itself.

/** Starts a sync job, or joins the one of this kind already running for the project. */
export async function startSyncJob<R>(
  deps: AppDeps,
  user: SessionUser,
  job: { kind: SyncJobKind; projectId: number | null },
  work: (report: ReportProgress) => Promise<R>,
): Promise<StartedJob<R>> {
  const key = job.projectId === null ? job.kind : `${job.kind}:${job.projectId}`;
  return await deps.jobs.start({ ...job, key, startedBy: user.id }, work);
}

/** Only the all-apps sync has no project; it is the administrators' own. */
export function requireAllAppsSync(user: SessionUser): void {
  requirePermission(user, "analytics.syncAllApps", AUTH.adminRequired);
}

export function syncJobView(row: JobRow): SyncJobView {
  const code = row.errorCode as ErrorCode | null;
  return {
    id: row.id,
    kind: row.kind as SyncJobKind,
    status: row.status,
    projectId: row.projectId,
    datesDone: row.datesDone,
    datesTotal: row.datesTotal,
    recordsFound: row.recordsFound,
    // Written by the job of this kind, so it has this kind's answer shape.
    result: (row.result ?? null) as never,
    error:
      row.errorMessage === null
        ? null
        : {
            message: row.errorMessage,
            ...(code ? { status: httpStatusOf(code) } : {}),
            ...(row.errorDetails ? { details: row.errorDetails } : {}),
          },
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

/** One job, for its screen to poll. Someone who may not see its project gets 404, as for the project. */
export async function getSyncJob(
  deps: AppDeps,
  user: SessionUser,
  input: { jobId: number },
): Promise<SyncJobView> {
  const row = await deps.jobs.get(input.jobId);
  if (!row) throw notFound(JOBS.notFound);
  if (row.projectId === null) requireAllAppsSync(user);
  // Another organization's job reads exactly like a missing one.
  else await requireProject(deps, user, row.projectId, JOBS.notFound);
  return syncJobView(row);
}

/** A project's syncs still running, so a reloaded screen finds and follows them again. */
export async function projectSyncJobs(deps: AppDeps, user: SessionUser, input: { projectId: number }) {
  await requireProject(deps, user, input.projectId);
  // A project's jobs include its media imports, which the media screen follows on its own.
  const syncs = (await deps.jobs.unfinished(input.projectId)).filter((row) =>
    (SYNC_JOB_KINDS as readonly string[]).includes(row.kind),
  );
  return syncs.map(syncJobView);
}

/** The all-apps sync if one is running. */
export async function allAppsSyncJob(deps: AppDeps, user: SessionUser): Promise<SyncJobView | null> {
  requireAllAppsSync(user);
  const [row] = await deps.jobs.unfinished(null);
  return row ? syncJobView(row) : null;
}
