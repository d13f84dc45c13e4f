import {
  Alert,
  Badge,
  Box,
  Button,
  Flex,
  Heading,
  HStack,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import { usePermissions } from "@client/app/permissions";
import { AlertIcon, RefreshIcon, SettingsIcon } from "@client/components/icons/analytics";
import { SyncProgress } from "@client/components/sync-job/SyncProgress";
import { useSyncJob } from "@client/components/sync-job/use-sync-job";
import { errorMessage, errorStatus } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { SYNC_NOTICES_UI, ANALYTICS_UI as T } from "@client/messages/analytics-ui";
import { AnomaliesCard } from "@client/pages/project-detail/analytics/AnomaliesCard";
import { CompareCard } from "@client/pages/project-detail/analytics/CompareCard";
import { ExportControl } from "@client/pages/project-detail/analytics/ExportControl";
import { FinancialSection } from "@client/pages/project-detail/analytics/FinancialSection";
import { PlayerChart } from "@client/pages/project-detail/analytics/PlayerChart";
import { ReviewsCard } from "@client/pages/project-detail/analytics/ReviewsCard";
import { SteamSummaryCards } from "@client/pages/project-detail/analytics/SteamSummaryCards";
import { SalesInsights } from "@client/pages/project-detail/analytics/sales/SalesInsights";
import {
  notifyFailure,
  notifyJobFailure,
  useDelayedReload,
} from "@client/pages/project-detail/analytics/sync-feedback";
import { TimelineCard } from "@client/pages/project-detail/analytics/TimelineCard";
import { WishlistsSection } from "@client/pages/project-detail/analytics/WishlistsSection";
import { relativeTime } from "@shared/format";
import { ANALYTICS } from "@shared/messages/analytics";
import { DEFAULT_PERIOD_DAYS, PERIOD_OPTIONS, RELOAD_AFTER_MS } from "@shared/schemas/analytics";
import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router-dom";

/** The project's game analytics, loaded on open and again per period. */
export function AnalyticsTab({ projectId }: { projectId: number }) {
  const [days, setDays] = useState<number>(DEFAULT_PERIOD_DAYS);
  const overview = trpc.analytics.overview.useQuery(
    { projectId, days },
    // Fresh on every visit to the tab: the sampler adds figures behind its back.
    { placeholderData: keepPreviousData, refetchOnWindowFocus: false, staleTime: 0 },
  );
  const utils = trpc.useUtils();
  const start = trpc.analytics.syncSteam.useMutation();
  const running = trpc.analytics.projectSyncJobs.useQuery({ projectId });
  const reloadLater = useDelayedReload();
  // Sync buttons only for roles the server lets sync: a viewer would only be refused.
  const maySync = usePermissions().allowed("analytics.sync");

  // Everything, as after any change: the project's Last Sync and media counts show elsewhere too.
  const reload = () => void utils.invalidate();

  const sync = useSyncJob(
    running.data?.filter((j) => j.kind === "steam"),
    (job) => {
      if (job.kind !== "steam" || job.status !== "done" || !job.result) {
        notifyJobFailure(job.error, ANALYTICS.steamSyncFailed);
        return;
      }
      const answer = job.result;
      // The server's message opens with "Historical sync started for N days" and says how history accrues.
      notify({
        type: answer.errors.length > 0 ? "warning" : "success",
        title: SYNC_NOTICES_UI.syncStartedTitle,
        message: [answer.message, ...answer.errors].join(SYNC_NOTICES_UI.bullet),
      });
      reloadLater(RELOAD_AFTER_MS.steam, reload);
    },
  );
  const syncing = start.isPending || sync.busy;

  if (overview.isPending) return <LoadingState />;
  if (overview.isError) {
    if (errorStatus(overview.error) === 404) return <ProjectNotFound />;
    return (
      <Alert.Root status="error" borderRadius="xl">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{errorMessage(overview.error, ANALYTICS.loadFailed)}</Alert.Title>
        </Alert.Content>
        <Button size="sm" variant="outline" onClick={() => overview.refetch()}>
          {T.retry}
        </Button>
      </Alert.Root>
    );
  }

  const data = overview.data;
  const appId = data.project.steamAppId;
  const canSync = data.steamEnabled && appId !== null;

  async function runSync() {
    try {
      sync.follow((await start.mutateAsync({ projectId, days })).jobId);
    } catch (err) {
      notifyFailure(err, ANALYTICS.steamSyncFailed);
    }
  }

  return (
    <Stack gap="5" data-testid="analytics-tab">
      <Flex justify="space-between" align={{ base: "flex-start", md: "center" }} gap="4" wrap="wrap">
        <Box>
          <Heading size="xl" letterSpacing="tight">
            {ANALYTICS.title}
          </Heading>
          <HStack gap="2" mt="1.5" wrap="wrap">
            {appId !== null ? (
              <Badge variant="surface" colorPalette="blue" fontFamily="mono" size="md">
                {ANALYTICS.appIdLabel} {appId}
              </Badge>
            ) : (
              <Text fontSize="sm" color="fg.muted">
                {ANALYTICS.appIdNotConfigured}
              </Text>
            )}
            {data.project.lastSync ? (
              <Text fontSize="sm" color="fg.muted">
                · {T.lastSync} {relativeTime(data.project.lastSync)}
              </Text>
            ) : null}
          </HStack>
        </Box>
        <HStack gap="3">
          <NativeSelect.Root size="sm" width="40">
            <NativeSelect.Field
              aria-label={T.period}
              value={String(days)}
              onChange={(e) => setDays(Number(e.currentTarget.value))}
              bg="bg.panel"
            >
              {PERIOD_OPTIONS.map((d) => (
                <option key={d} value={d}>
                  {T.periodOption(d)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {maySync ? (
            <Button
              size="sm"
              colorPalette="teal"
              onClick={runSync}
              disabled={!canSync || syncing}
              loading={syncing}
            >
              <RefreshIcon />
              {data.hasData ? ANALYTICS.refreshData : ANALYTICS.syncData}
            </Button>
          ) : null}
        </HStack>
      </Flex>

      {syncing ? <SyncProgress job={sync.job} /> : null}

      {!data.steamEnabled ? (
        <Alert.Root status="info" borderRadius="xl" alignItems="center">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{T.disabledNotice}</Alert.Title>
            <Alert.Description>{T.disabledHint}</Alert.Description>
          </Alert.Content>
          <Button asChild size="sm" variant="outline">
            <Link to={`/projects/${projectId}/settings`}>
              <SettingsIcon /> {T.openSettings}
            </Link>
          </Button>
        </Alert.Root>
      ) : !data.hasData ? (
        <Alert.Root status="neutral" borderRadius="xl" variant="surface">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{T.noDataTitle}</Alert.Title>
            <Alert.Description>{T.noDataHint}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}

      {data.steamEnabled || data.hasData ? (
        <Box opacity={overview.isPlaceholderData ? 0.6 : 1} transition="opacity 0.2s">
          <Stack gap="4">
            <SteamSummaryCards summary={data.summary} days={data.timeRange.days} />
            <PlayerChart metrics={data.playerMetrics} today={data.timeRange.endDate} />
            {appId !== null ? <ReviewsCard projectId={projectId} days={data.timeRange.days} /> : null}
            {appId !== null ? <CompareCard projectId={projectId} days={data.timeRange.days} /> : null}
            {data.financialEnabled && data.financial ? (
              <FinancialSection
                financial={data.financial}
                days={data.timeRange.days}
                projectId={projectId}
                appId={appId}
                onReload={reload}
              />
            ) : null}
            {appId !== null ? <WishlistsSection projectId={projectId} days={days} /> : null}
            {data.financialEnabled && appId !== null ? (
              <SalesInsights projectId={projectId} days={days} />
            ) : null}
            {appId !== null ? <AnomaliesCard projectId={projectId} /> : null}
            <TimelineCard projectId={projectId} days={data.timeRange.days} />
            {appId !== null ? <ExportControl projectId={projectId} /> : null}
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}

function ProjectNotFound() {
  return (
    <Stack align="center" textAlign="center" py="16" gap="3" data-testid="analytics-not-found">
      <Box colorPalette="red" bg="colorPalette.subtle" color="colorPalette.fg" p="3" borderRadius="full">
        <AlertIcon boxSize="6" />
      </Box>
      <Heading size="lg">{ANALYTICS.projectNotFound}</Heading>
      <Text color="fg.muted" maxW="md">
        {ANALYTICS.projectNotFoundText}
      </Text>
      <Button asChild colorPalette="teal" mt="2">
        <Link to="/projects">{ANALYTICS.selectProject}</Link>
      </Button>
    </Stack>
  );
}

function LoadingState() {
  return (
    <Stack gap="4" data-testid="analytics-loading">
      <Skeleton h="12" w="72" borderRadius="lg" />
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h="28" borderRadius="xl" />
        ))}
      </SimpleGrid>
      <Skeleton h="80" borderRadius="xl" />
    </Stack>
  );
}
