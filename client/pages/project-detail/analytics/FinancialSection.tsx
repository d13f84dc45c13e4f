import { Badge, Box, Flex, Grid, HStack, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { usePermissions } from "@client/app/permissions";
import { BoxIcon, DollarIcon, UserIcon, WalletIcon } from "@client/components/icons/analytics";
import { Panel, StatCard } from "@client/components/StatCard";
import { FINANCIAL_UI as T } from "@client/messages/analytics-ui";
import { formatCents, formatDateTime, formatPercent } from "@shared/format";
import { ANALYTICS } from "@shared/messages/analytics";
import type { FinancialOverview } from "@shared/schemas/analytics";
import { lazy, Suspense } from "react";
import { FinancialDataPanel } from "./FinancialDataPanel";
import { NoSalesPanel } from "./NoSalesPanel";
import { shortDay } from "./player-chart";
import { SectionHeading } from "./SectionHeading";
import { TrendBadge } from "./TrendBadge";

// recharts lives in its own chunk, fetched only when a project shows financials.
const FinancialCharts = lazy(() => import("./FinancialCharts"));

/** The financial figures, shown while financial analytics are enabled. Money arrives in cents. */
export function FinancialSection({
  financial,
  days,
  projectId,
  appId,
  onReload,
}: {
  financial: FinancialOverview;
  days: number;
  projectId: number;
  appId: number | null;
  onReload(): void;
}) {
  const { allowed } = usePermissions();
  const { currentMetrics: m, detailedMetrics: d, trends, dataSummary } = financial;
  // One clear empty state instead of $0 cards, a "−$0.00" breakdown and two empty charts.
  const hasSales =
    d.grossSales !== 0 || d.grossReturns !== 0 || d.grossUnitsSold !== 0 || d.grossUnitsReturned !== 0;
  return (
    <Stack gap="4" data-testid="financial-section">
      <Flex justify="space-between" align="flex-end" mt="4" gap="3" wrap="wrap">
        <SectionHeading title={T.heading} subtitle={T.subheading} />
        {hasSales ? (
          <HStack gap="2" fontSize="sm" color="fg.muted">
            <Text>{T.revenueTrend}</Text>
            <TrendBadge trend={trends.revenueTrend} />
          </HStack>
        ) : null}
      </Flex>
      {hasSales ? (
        <>
          <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
            <StatCard
              label={ANALYTICS.dailyRevenue}
              value={formatCents(m.dailyRevenue)}
              hint={financial.latestDate ? T.dailyHint(shortDay(financial.latestDate)) : T.noSalesYet}
              icon={DollarIcon}
              palette="green"
            />
            <StatCard
              label={ANALYTICS.totalRevenue}
              value={formatCents(m.totalRevenue)}
              hint={T.totalHint(days)}
              icon={WalletIcon}
              palette="green"
            />
            <StatCard
              label={ANALYTICS.unitsSoldToday}
              value={m.dailyUnits.toLocaleString("en-US")}
              hint={T.unitsHint(m.totalUnits.toLocaleString("en-US"))}
              icon={BoxIcon}
              palette="blue"
            />
            <StatCard
              label={ANALYTICS.arpu}
              value={formatCents(m.arpu)}
              hint={T.arpuHint}
              icon={UserIcon}
              palette="purple"
            />
          </SimpleGrid>
          <Suspense
            fallback={
              <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
                <Skeleton h="320px" borderRadius="xl" />
                <Skeleton h="320px" borderRadius="xl" />
              </SimpleGrid>
            }
          >
            <FinancialCharts data={trends.revenueData} />
          </Suspense>
        </>
      ) : null}
      <Grid templateColumns={{ base: "1fr", lg: "3fr 2fr" }} gap="4" alignItems="start">
        {hasSales ? (
          <Panel title={T.breakdown} testId="sales-breakdown">
            <Stack gap="0" divideY="1px" divideColor="border.muted">
              <Row label={ANALYTICS.grossSales} value={formatCents(d.grossSales)} />
              <Row
                label={ANALYTICS.returns}
                value={`−${formatCents(Math.abs(d.grossReturns))}`}
                tone="red.fg"
              />
              {/* Steam's net is after tax as well as returns: shown, so the column adds up. */}
              <Row
                label={T.tax}
                value={`−${formatCents(Math.max(0, d.grossSales - Math.abs(d.grossReturns) - d.netSales))}`}
                tone="fg.muted"
              />
              <Row label={ANALYTICS.netSales} value={formatCents(d.netSales)} tone="green.fg" strong />
              <Row label={T.unitsSold} value={d.grossUnitsSold.toLocaleString("en-US")} />
              <Row label={T.unitsReturned} value={d.grossUnitsReturned.toLocaleString("en-US")} />
              <Row label={T.netUnits} value={d.netUnitsSold.toLocaleString("en-US")} strong />
              <Row label={ANALYTICS.returnRate} value={formatPercent(d.returnRate)} />
              <Row label={ANALYTICS.averageSalePrice} value={formatCents(d.averageSalePrice)} />
              <Row
                label={ANALYTICS.revenueImpact}
                value={`−${formatPercent(d.returnsImpact)}`}
                tone={d.returnsImpact > 0 ? "red.fg" : undefined}
              />
            </Stack>
          </Panel>
        ) : (
          <NoSalesPanel days={days} />
        )}
        <Stack gap="4">
          {/* Its buttons sync or test the partner key: nothing in it a viewer may use. */}
          {allowed("analytics.sync") || allowed("analytics.settings") ? (
            <FinancialDataPanel
              projectId={projectId}
              days={days}
              appId={appId}
              onReload={onReload}
              maySync={allowed("analytics.sync")}
              mayTest={allowed("analytics.settings")}
            />
          ) : null}
          <Panel title={ANALYTICS.dataSummary} testId="data-summary">
            <Stack gap="3">
              <Box>
                <Flex justify="space-between" fontSize="sm" mb="1.5">
                  <Text color="fg.muted">{ANALYTICS.coverage}</Text>
                  <Text fontWeight="medium">
                    {T.coverageValue(dataSummary.daysWithData, dataSummary.periodDays)}
                  </Text>
                </Flex>
                <Box h="2" bg="bg.emphasized" borderRadius="full" overflow="hidden">
                  <Box
                    h="full"
                    bg="green.solid"
                    borderRadius="full"
                    style={{ width: `${Math.min(100, Math.max(0, dataSummary.coveragePercent))}%` }}
                  />
                </Box>
                <Text fontSize="xs" color="fg.subtle" mt="1">
                  {formatPercent(dataSummary.coveragePercent)}
                </Text>
              </Box>
              <Flex justify="space-between" fontSize="sm">
                <Text color="fg.muted">{ANALYTICS.lastUpdated}</Text>
                <Text fontWeight="medium">
                  {dataSummary.lastUpdated ? formatDateTime(dataSummary.lastUpdated) : ANALYTICS.never}
                </Text>
              </Flex>
              {financial.latestDate ? (
                <Flex justify="space-between" fontSize="sm">
                  <Text color="fg.muted">{T.dateRange}</Text>
                  <Badge variant="subtle">{`${shortDay(trends.revenueData[0]?.date ?? financial.latestDate)} – ${shortDay(financial.latestDate)}`}</Badge>
                </Flex>
              ) : null}
            </Stack>
          </Panel>
        </Stack>
      </Grid>
    </Stack>
  );
}

function Row({
  label,
  value,
  tone,
  strong,
}: {
  label: string;
  value: string;
  tone?: string;
  strong?: boolean;
}) {
  return (
    <Flex justify="space-between" py="2" fontSize="sm">
      <Text color="fg.muted">{label}</Text>
      <Text
        fontVariantNumeric="tabular-nums"
        fontWeight={strong ? "semibold" : "medium"}
        color={tone}
        data-testid={`breakdown-${label}`}
      >
        {value}
      </Text>
    </Flex>
  );
}
