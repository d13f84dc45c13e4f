import { Text } from "@chakra-ui/react";
import { ANALYTICS } from "@shared/messages/analytics";
import { JOBS } from "@shared/messages/jobs";
import type { SyncJobView } from "@shared/schemas/jobs";

/** What a running sync has done so far, in the words of its screen. */
function syncProgressText(job: SyncJobView | undefined): string {
  if (!job || job.kind === "steam") return ANALYTICS.syncing;
  if (job.datesTotal === 0) return JOBS.syncingStarted;
  return JOBS.syncingProgress(job.datesDone, job.datesTotal, job.recordsFound);
}

export function SyncProgress({ job }: { job: SyncJobView | undefined }) {
  return (
    <Text fontSize="xs" color="fg.muted" textAlign="center" data-testid="sync-progress" aria-live="polite">
      {syncProgressText(job)}
    </Text>
  );
}
