import { Skeleton, Stack } from "@chakra-ui/react";
import { trpc } from "@client/lib/trpc";
import { SALES_UI as T } from "@client/messages/analytics-sales-ui";
import { SectionHeading } from "@client/pages/project-detail/analytics/SectionHeading";
import { lazy, Suspense } from "react";
import { SaleEventsCard } from "./SaleEventsCard";
import { SalesBreakdownCard } from "./SalesBreakdownCard";

const RefundsChart = lazy(() => import("./RefundsChart"));

/** The sales cards below the financial overview: breakdown, sale events and refunds. */
export function SalesInsights({ projectId, days }: { projectId: number; days: number }) {
  const refunds = trpc.analyticsSales.refunds.useQuery({ projectId, days }, { refetchOnWindowFocus: false });
  return (
    <Stack gap="4" data-testid="sales-insights" minW="0">
      <SectionHeading mt="4" title={T.heading} subtitle={T.subheading} />
      <SalesBreakdownCard projectId={projectId} days={days} />
      {refunds.data ? (
        <Suspense fallback={<Skeleton h="260px" borderRadius="xl" />}>
          <RefundsChart days={refunds.data.days} />
        </Suspense>
      ) : (
        <Skeleton h="260px" borderRadius="xl" />
      )}
      <SaleEventsCard projectId={projectId} />
    </Stack>
  );
}
