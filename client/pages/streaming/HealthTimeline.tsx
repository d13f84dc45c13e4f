import { Box, Skeleton, Text } from "@chakra-ui/react";
import { trpc } from "@client/lib/trpc";
import { HEALTH_UI } from "@client/messages/health-ui";
import { lazy, Suspense } from "react";

// recharts is heavy: the chart is loaded only when a history row is opened.
const HealthChart = lazy(() => import("./HealthChart"));

const LIVE_POLL_MS = 10_000;

/** The expanded history row's timeline: bitrate and fps over the stream's life, drops and planned reconnects marked. */
export function HealthTimeline({ streamId, live }: { streamId: number; live: boolean }) {
  const health = trpc.health.streamHealth.useQuery(
    { streamId, hours: 720 },
    { refetchInterval: live ? LIVE_POLL_MS : false },
  );
  return (
    <Box mt="4" data-testid={`health-${streamId}`}>
      <Text fontSize="2xs" color="fg.muted" textTransform="uppercase" letterSpacing="wider" mb="1">
        {HEALTH_UI.timelineTitle}
      </Text>
      {!health.data ? (
        health.isLoading ? (
          <Skeleton h="140px" borderRadius="md" />
        ) : null
      ) : health.data.samples.length === 0 ? (
        <Text fontSize="sm">{HEALTH_UI.timelineEmpty}</Text>
      ) : (
        <Suspense fallback={<Skeleton h="140px" borderRadius="md" />}>
          <HealthChart samples={health.data.samples} plannedReconnects={health.data.planned_reconnects} />
        </Suspense>
      )}
    </Box>
  );
}
