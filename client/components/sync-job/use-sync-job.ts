import { trpc } from "@client/lib/trpc";
import { ENDED_JOB_STATUSES, JOB_POLL_MS, type SyncJobView } from "@shared/schemas/jobs";
import { useEffect, useRef, useState } from "react";

const ended = (job: SyncJobView) => ENDED_JOB_STATUSES.includes(job.status);

/**
 * Follows one sync job: the one this screen just started, or else one already running on the
 * server (found again after a reload). Polls its progress until it ends, then calls `onEnd` once.
 */
export function useSyncJob(running: SyncJobView[] | undefined, onEnd: (job: SyncJobView) => void) {
  const [started, setStarted] = useState<number | null>(null);
  const handled = useRef(new Set<number>());
  const endRef = useRef(onEnd);
  endRef.current = onEnd;
  const found = running?.find((j) => !ended(j) && !handled.current.has(j.id))?.id ?? null;
  const jobId = started ?? found;
  const job = trpc.analytics.syncJob.useQuery(
    { jobId: jobId ?? 0 },
    {
      enabled: jobId !== null,
      staleTime: 0,
      refetchInterval: (q) => (q.state.data && ended(q.state.data) ? false : JOB_POLL_MS),
    },
  );
  const current = job.data?.id === jobId ? job.data : undefined;

  useEffect(() => {
    if (!current || !ended(current) || handled.current.has(current.id)) return;
    handled.current.add(current.id);
    setStarted(null);
    endRef.current(current);
  }, [current]);

  return {
    /** The followed job while it runs (undefined before its first answer). */
    job: current && !ended(current) ? current : undefined,
    busy: jobId !== null && !handled.current.has(jobId),
    follow: (id: number) => {
      handled.current.delete(id);
      setStarted(id);
    },
  };
}
