import { Button, Stack, Text } from "@chakra-ui/react";
import { REFRESHES_ITSELF } from "@client/app/query-client";
import { FinancialApiTestDialog } from "@client/components/analytics/FinancialApiTestDialog";
import { DatabaseIcon, DownloadIcon, FlaskIcon, RefreshIcon } from "@client/components/icons/analytics";
import { Panel } from "@client/components/StatCard";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { SYNC_NOTICES_UI, FINANCIAL_UI as T } from "@client/messages/analytics-ui";
import { ANALYTICS } from "@shared/messages/analytics";
import { RELOAD_AFTER_MS } from "@shared/schemas/analytics";
import { useState } from "react";
import { notifyFinancialFailure, useDelayedReload } from "./sync-feedback";

interface SyncAnswer {
  success: boolean;
  recordsFound: number;
  message: string;
  error?: string;
}

/**
 * The Financial Data Management panel: sync the selected period, fetch today and
 * yesterday, or fetch a year; every button is disabled while any of them runs.
 */
export function FinancialDataPanel({
  projectId,
  days,
  appId,
  onReload,
}: {
  projectId: number;
  days: number;
  appId: number | null;
  onReload(): void;
}) {
  const syncPeriod = trpc.analytics.syncFinancial.useMutation({ meta: REFRESHES_ITSELF });
  const fetchRecent = trpc.analytics.fetchRecent.useMutation({ meta: REFRESHES_ITSELF });
  const fetchAll = trpc.analytics.fetchAllHistory.useMutation({ meta: REFRESHES_ITSELF });
  const [testing, setTesting] = useState(false);
  const reloadLater = useDelayedReload();
  const busy = syncPeriod.isPending || fetchRecent.isPending || fetchAll.isPending;

  async function runCall(
    call: () => Promise<SyncAnswer>,
    done: { title: string; message: (answer: SyncAnswer) => string; fallback: string; reloadMs: number },
  ) {
    try {
      const answer = await call();
      if (!answer.success) {
        notify({ type: "error", title: done.fallback, message: answer.error || answer.message || undefined });
        return;
      }
      notify({ type: "success", title: done.title, message: done.message(answer) });
      reloadLater(done.reloadMs, onReload);
    } catch (err) {
      notifyFinancialFailure(err, done.fallback);
    }
  }

  return (
    <Panel
      title={ANALYTICS.financialDataManagement}
      subtitle={T.managementHint}
      testId="financial-data-management"
    >
      <Stack gap="2.5">
        <Button
          colorPalette="green"
          disabled={busy}
          loading={syncPeriod.isPending}
          onClick={() =>
            runCall(() => syncPeriod.mutateAsync({ projectId, days }), {
              title: SYNC_NOTICES_UI.financialSyncTitle,
              message: (a) => a.message || ANALYTICS.financialSyncDone(a.recordsFound),
              fallback: ANALYTICS.financialFetchFailed,
              reloadMs: RELOAD_AFTER_MS.financialPeriod,
            })
          }
        >
          <RefreshIcon /> {T.syncPeriod(days)}
        </Button>
        <Button
          variant="outline"
          disabled={busy}
          loading={fetchRecent.isPending}
          onClick={() =>
            runCall(() => fetchRecent.mutateAsync({ projectId }), {
              title: SYNC_NOTICES_UI.fetchedTitle,
              message: (a) => ANALYTICS.fetchRecentDone(a.recordsFound),
              fallback: ANALYTICS.fetchRecentFailed,
              reloadMs: RELOAD_AFTER_MS.fetchRecent,
            })
          }
        >
          <DownloadIcon /> {ANALYTICS.fetchRecentLabel}
        </Button>
        <Button
          variant="outline"
          disabled={busy}
          loading={fetchAll.isPending}
          onClick={() =>
            runCall(() => fetchAll.mutateAsync({ projectId }), {
              title: SYNC_NOTICES_UI.fetchedTitle,
              message: (a) => ANALYTICS.fetchAllDone(a.recordsFound),
              fallback: ANALYTICS.fetchAllFailed,
              reloadMs: RELOAD_AFTER_MS.fetchAllHistory,
            })
          }
        >
          <DatabaseIcon /> {ANALYTICS.fetchAllHistoryLabel}
        </Button>
        <Button variant="ghost" size="sm" colorPalette="purple" onClick={() => setTesting(true)}>
          <FlaskIcon /> {T.testApi}
        </Button>
        {busy ? (
          <Text fontSize="xs" color="fg.muted" textAlign="center">
            {ANALYTICS.syncing}
          </Text>
        ) : null}
      </Stack>
      <FinancialApiTestDialog open={testing} onOpenChange={setTesting} initialAppId={appId} />
    </Panel>
  );
}
