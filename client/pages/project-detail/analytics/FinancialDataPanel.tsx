import { Button, Stack } from "@chakra-ui/react";
import { FinancialApiTestDialog } from "@client/components/analytics/FinancialApiTestDialog";
import { DatabaseIcon, DownloadIcon, FlaskIcon, RefreshIcon } from "@client/components/icons/analytics";
import { Panel } from "@client/components/StatCard";
import { SyncProgress } from "@client/components/sync-job/SyncProgress";
import { useSyncJob } from "@client/components/sync-job/use-sync-job";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { SYNC_NOTICES_UI, FINANCIAL_UI as T } from "@client/messages/analytics-ui";
import { ANALYTICS } from "@shared/messages/analytics";
import { type FinancialSyncResult, RELOAD_AFTER_MS } from "@shared/schemas/analytics";
import type { FinancialJobKind, SyncJobView } from "@shared/schemas/jobs";
import { useState } from "react";
import { notifyFinancialFailure, notifyJobFailure, useDelayedReload } from "./sync-feedback";

interface Outcome {
  title: string;
  message: (answer: FinancialSyncResult) => string;
  fallback: string;
  reloadMs: number;
}

const OUTCOMES: Record<FinancialJobKind, Outcome> = {
  "financial-period": {
    title: SYNC_NOTICES_UI.financialSyncTitle,
    message: (a) => a.message || ANALYTICS.financialSyncDone(a.recordsFound),
    fallback: ANALYTICS.financialFetchFailed,
    reloadMs: RELOAD_AFTER_MS.financialPeriod,
  },
  "financial-recent": {
    title: SYNC_NOTICES_UI.fetchedTitle,
    message: (a) => ANALYTICS.fetchRecentDone(a.recordsFound),
    fallback: ANALYTICS.fetchRecentFailed,
    reloadMs: RELOAD_AFTER_MS.fetchRecent,
  },
  "financial-history": {
    title: SYNC_NOTICES_UI.fetchedTitle,
    message: (a) => ANALYTICS.fetchAllDone(a.recordsFound),
    fallback: ANALYTICS.fetchAllFailed,
    reloadMs: RELOAD_AFTER_MS.fetchAllHistory,
  },
};

const isFinancial = (job: SyncJobView): job is SyncJobView & { kind: FinancialJobKind } =>
  job.kind in OUTCOMES;

/**
 * The Financial Data Management panel: sync the selected period, today and yesterday, or a year.
 * Each runs on the server as a job whose progress shows here (also after a reload); every button
 * is disabled while any of them runs.
 */
export function FinancialDataPanel({
  projectId,
  days,
  appId,
  onReload,
  maySync = true,
  mayTest = true,
}: {
  projectId: number;
  days: number;
  appId: number | null;
  onReload(): void;
  /** The role may sync (the three sync buttons) / test the partner key (the Test button). */
  maySync?: boolean;
  mayTest?: boolean;
}) {
  const syncPeriod = trpc.analytics.syncFinancial.useMutation();
  const syncRecent = trpc.analytics.syncFinancialRecent.useMutation();
  const syncHistory = trpc.analytics.syncFinancialHistory.useMutation();
  const running = trpc.analytics.projectSyncJobs.useQuery({ projectId });
  const [testing, setTesting] = useState(false);
  const reloadLater = useDelayedReload();
  const sync = useSyncJob(running.data?.filter(isFinancial), (job) => {
    if (!isFinancial(job)) return;
    const done = OUTCOMES[job.kind];
    const answer = job.result;
    if (job.status !== "done" || !answer) return notifyJobFailure(job.error, done.fallback, true);
    if (!answer.success) {
      notify({ type: "error", title: done.fallback, message: answer.error || answer.message || undefined });
      return;
    }
    notify({ type: "success", title: done.title, message: done.message(answer) });
    reloadLater(done.reloadMs, onReload);
  });
  const starting = syncPeriod.isPending || syncRecent.isPending || syncHistory.isPending;
  const busy = starting || sync.busy;
  const runningKind = sync.job?.kind;

  async function start(kind: FinancialJobKind, call: () => Promise<{ jobId: number }>) {
    try {
      sync.follow((await call()).jobId);
    } catch (err) {
      notifyFinancialFailure(err, OUTCOMES[kind].fallback);
    }
  }

  return (
    <Panel
      title={ANALYTICS.financialDataManagement}
      subtitle={T.managementHint}
      testId="financial-data-management"
    >
      <Stack gap="2.5">
        {maySync ? (
          <>
            <Button
              colorPalette="green"
              disabled={busy}
              loading={syncPeriod.isPending || runningKind === "financial-period"}
              onClick={() => start("financial-period", () => syncPeriod.mutateAsync({ projectId, days }))}
            >
              <RefreshIcon /> {T.syncPeriod(days)}
            </Button>
            <Button
              variant="outline"
              disabled={busy}
              loading={syncRecent.isPending || runningKind === "financial-recent"}
              onClick={() => start("financial-recent", () => syncRecent.mutateAsync({ projectId }))}
            >
              <DownloadIcon /> {ANALYTICS.fetchRecentLabel}
            </Button>
            <Button
              variant="outline"
              disabled={busy}
              loading={syncHistory.isPending || runningKind === "financial-history"}
              onClick={() => start("financial-history", () => syncHistory.mutateAsync({ projectId }))}
            >
              <DatabaseIcon /> {ANALYTICS.fetchAllHistoryLabel}
            </Button>
          </>
        ) : null}
        {mayTest ? (
          <Button variant="ghost" size="sm" colorPalette="purple" onClick={() => setTesting(true)}>
            <FlaskIcon /> {T.testApi}
          </Button>
        ) : null}
        {busy ? <SyncProgress job={sync.job} /> : null}
      </Stack>
      <FinancialApiTestDialog open={testing} onOpenChange={setTesting} initialAppId={appId} />
    </Panel>
  );
}
