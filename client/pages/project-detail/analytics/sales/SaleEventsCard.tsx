import { Badge, Box, Flex, HStack, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { LoadFailed } from "@client/components/LoadFailed";
import { Panel } from "@client/components/StatCard";
import { trpc } from "@client/lib/trpc";
import { SALES_UI as T } from "@client/messages/analytics-sales-ui";
import { shortDay } from "@client/pages/project-detail/analytics/player-chart";
import { formatCents, formatPercent } from "@shared/format";
import type { SaleEvent } from "@shared/schemas/analytics-sales";

/** One scorecard per discount period: dates, depth, net per day, lift, refunds, countries. */
export function SaleEventsCard({ projectId }: { projectId: number }) {
  const q = trpc.analyticsSales.saleEvents.useQuery({ projectId }, { refetchOnWindowFocus: false });
  return (
    <Panel title={T.eventsTitle} subtitle={T.eventsHint} testId="sale-events-card">
      {q.isPending ? (
        <Skeleton h="40" borderRadius="lg" />
      ) : q.isError ? (
        <LoadFailed compact title={T.loadFailed} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : q.data.events.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {T.noEvents}
        </Text>
      ) : (
        <Stack gap="3">
          {q.data.events.map((e) => (
            <EventRow key={`${e.combinedDiscountId}-${e.startDate}`} event={e} />
          ))}
        </Stack>
      )}
    </Panel>
  );
}

function LiftBadge({ lift }: { lift: number | null }) {
  if (lift === null)
    return (
      <Badge variant="subtle" colorPalette="gray" title={T.noBaselineHint}>
        {T.noBaseline}
      </Badge>
    );
  const palette = lift > 0 ? "green" : lift < 0 ? "red" : "gray";
  return (
    <Badge variant="subtle" colorPalette={palette} size="md" fontVariantNumeric="tabular-nums">
      {`${lift > 0 ? "+" : lift < 0 ? "−" : ""}${formatPercent(Math.abs(lift))}`}
    </Badge>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box minW="0">
      <Text fontSize="xs" color="fg.muted" mb="0.5">
        {label}
      </Text>
      <Box fontSize="sm" fontWeight="medium" fontVariantNumeric="tabular-nums">
        {children}
      </Box>
    </Box>
  );
}

function EventRow({ event: e }: { event: SaleEvent }) {
  const dates =
    e.startDate === e.endDate ? shortDay(e.startDate) : `${shortDay(e.startDate)} – ${shortDay(e.endDate)}`;
  return (
    <Box borderWidth="1px" borderColor="border.muted" borderRadius="lg" p="4" data-testid="sale-event">
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap" mb="3">
        <Box minW="0">
          <Text fontWeight="semibold">{e.name}</Text>
          <Text fontSize="sm" color="fg.muted">
            {dates} · {T.dayCount(e.days)}
          </Text>
        </Box>
        {e.depthPercent !== null ? (
          <Badge colorPalette="purple" variant="solid" size="md">
            {T.depth(e.depthPercent)}
          </Badge>
        ) : null}
      </Flex>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <Fact label={T.netPerDay}>
          <Text color="green.fg">{formatCents(e.netPerDayCents)}</Text>
          <Text fontSize="xs" color="fg.muted" fontWeight="normal">
            {T.unitsPerDay(e.unitsPerDay)}
          </Text>
        </Fact>
        <Fact label={T.lift}>
          <LiftBadge lift={e.liftPercent} />
        </Fact>
        <Fact label={T.refundRate}>{e.refundRate === null ? "—" : formatPercent(e.refundRate)}</Fact>
        <Fact label={T.wishlistPurchases}>
          {e.wishlistPurchases === null ? (
            <Text color="fg.subtle" fontWeight="normal">
              {T.notKnown}
            </Text>
          ) : (
            e.wishlistPurchases.toLocaleString("en-US")
          )}
        </Fact>
      </SimpleGrid>
      {e.topCountries.length > 0 ? (
        <HStack gap="1.5" mt="3" wrap="wrap" aria-label={T.topCountries}>
          {e.topCountries.map((c) => (
            <Badge key={c.code} variant="surface" colorPalette="gray">
              {c.name} {formatPercent(c.sharePercent)}
            </Badge>
          ))}
        </HStack>
      ) : null}
    </Box>
  );
}
