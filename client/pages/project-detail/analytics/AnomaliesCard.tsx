import { Badge, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { LoadFailed } from "@client/components/LoadFailed";
import { Panel } from "@client/components/StatCard";
import { trpc } from "@client/lib/trpc";
import { ANOMALIES_UI as T } from "@client/messages/anomalies-ui";
import { ANOMALIES } from "@shared/messages/analytics-anomalies";

/** Recent unusual days in plain words; no list at all is said, never shown as an empty box. */
export function AnomaliesCard({ projectId }: { projectId: number }) {
  const q = trpc.analytics.anomalies.useQuery({ projectId }, { refetchOnWindowFocus: false });
  return (
    <Panel title={ANOMALIES.title} subtitle={T.subtitle} testId="anomalies-card">
      {q.isPending ? (
        <Skeleton h="16" borderRadius="lg" />
      ) : q.isError ? (
        <LoadFailed compact title={T.loadFailed} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : q.data.anomalies.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" data-testid="anomalies-none">
          {ANOMALIES.none}
        </Text>
      ) : (
        <Stack gap="3" as="ul" listStyleType="none">
          {q.data.anomalies.map((a) => (
            <HStack
              as="li"
              key={`${a.figure}-${a.country ?? ""}-${a.date}`}
              gap="3"
              align="flex-start"
              data-testid="anomaly"
            >
              <Badge colorPalette={a.value > a.high ? "orange" : "blue"} variant="subtle" flexShrink={0}>
                {a.country ?? ANOMALIES.overall}
              </Badge>
              <Stack gap="0.5">
                <Text fontSize="sm">{a.message}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {T.usual(a.low, a.high)}
                </Text>
              </Stack>
            </HStack>
          ))}
          <Text fontSize="xs" color="fg.muted">
            {ANOMALIES.method}
          </Text>
        </Stack>
      )}
    </Panel>
  );
}
