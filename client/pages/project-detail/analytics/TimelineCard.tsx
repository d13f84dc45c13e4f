import { Badge, Box, HStack, Skeleton, Text } from "@chakra-ui/react";
import { Panel } from "@client/components/StatCard";
import { errorMessage } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";
import { TIMELINE_UI as T } from "@client/messages/analytics-export-ui";
import { keepPreviousData } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { SERIES_COLOURS } from "./timeline-colours";
import { seriesWithData, type TimelineSeries, timelinePoints, totalHours } from "./timeline-series";

// recharts is heavy: the chart itself loads only when the card shows.
const TimelineChart = lazy(() => import("./TimelineChart"));

const LABELS: Record<TimelineSeries, string> = {
  revenue: T.netRevenue,
  players: T.playerPeak,
  wishlists: T.wishlistAdds,
  reviews: T.reviewPercent,
  hours: T.broadcast,
};

export function TimelineCard({ projectId, days }: { projectId: number; days: number }) {
  const timeline = trpc.analyticsExport.timeline.useQuery(
    { projectId, days },
    { placeholderData: keepPreviousData, refetchOnWindowFocus: false },
  );
  if (timeline.isPending) return <Skeleton h="380px" borderRadius="xl" />;
  if (timeline.isError)
    return (
      <Panel title={T.title} testId="analytics-timeline">
        <Text color="red.fg" fontSize="sm" role="alert">
          {errorMessage(timeline.error, T.loadFailed)}
        </Text>
      </Panel>
    );
  const answer = timeline.data;
  const points = timelinePoints(answer);
  const present = seriesWithData(points);
  const sales = answer.saleEvents.length;
  return (
    <Panel
      title={T.title}
      subtitle={T.subtitle}
      testId="analytics-timeline"
      actions={
        <HStack gap="2" wrap="wrap">
          <Badge variant="surface" colorPalette="purple">
            {T.broadcastTotal(totalHours(answer))}
          </Badge>
          {sales > 0 ? (
            <Badge variant="surface" colorPalette="orange">
              {T.saleCount(sales)}
            </Badge>
          ) : null}
        </HStack>
      }
    >
      <HStack gap="4" wrap="wrap" data-testid="timeline-legend">
        {[...present].map((s) => (
          <HStack key={s} gap="1.5">
            <Box w="2.5" h="2.5" borderRadius={s === "hours" ? "sm" : "full"} bg={SERIES_COLOURS[s]} />
            <Text fontSize="xs" color="fg.muted">
              {LABELS[s]}{" "}
              <Text as="span" color="fg.subtle">
                ({T.scales[s]})
              </Text>
            </Text>
          </HStack>
        ))}
        {sales > 0 ? (
          <HStack gap="1.5">
            <Box w="2.5" h="2.5" borderRadius="sm" bg={SERIES_COLOURS.sale} opacity={0.5} />
            <Text fontSize="xs" color="fg.muted">
              {T.saleEvent}
            </Text>
          </HStack>
        ) : null}
      </HStack>
      <Suspense fallback={<Skeleton h="280px" borderRadius="lg" />}>
        <TimelineChart points={points} present={present} saleEvents={answer.saleEvents} labels={LABELS} />
      </Suspense>
    </Panel>
  );
}
