import { Box, Button, ButtonGroup, Skeleton, Table, Text } from "@chakra-ui/react";
import { LoadFailed } from "@client/components/LoadFailed";
import { Panel } from "@client/components/StatCard";
import { trpc } from "@client/lib/trpc";
import { SALES_UI as T } from "@client/messages/analytics-sales-ui";
import { formatCents, formatPercent } from "@shared/format";
import { BREAKDOWN_BY, type BreakdownBy, type BreakdownRow } from "@shared/schemas/analytics-sales";
import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";

const rate = (r: number | null) => (r === null ? "—" : formatPercent(r));
const num = (n: number) => n.toLocaleString("en-US");

// Pinned cells take their row's opaque background, so the scrolled columns pass under them unseen.
const PIN_START = { position: "sticky", left: 0, zIndex: 1, bg: "inherit", "data-pinned": "start" } as const;
const PIN_END = { position: "sticky", right: 0, zIndex: 1, bg: "inherit", "data-pinned": "end" } as const;

/** Gross, returns, tax, net, units and refund rate per country, platform, package or discount. */
export function SalesBreakdownCard({ projectId, days }: { projectId: number; days: number }) {
  const [by, setBy] = useState<BreakdownBy>("country");
  const q = trpc.analyticsSales.breakdown.useQuery(
    { projectId, days, by },
    { placeholderData: keepPreviousData, refetchOnWindowFocus: false },
  );
  const selector = (
    <ButtonGroup size="xs" variant="outline" attached role="group" aria-label={T.byLabel}>
      {BREAKDOWN_BY.map((b) => (
        <Button
          key={b}
          aria-pressed={b === by}
          variant={b === by ? "solid" : "outline"}
          colorPalette={b === by ? "teal" : "gray"}
          onClick={() => setBy(b)}
        >
          {T.by[b]}
        </Button>
      ))}
    </ButtonGroup>
  );
  return (
    <Panel
      title={T.breakdownTitle}
      subtitle={T.breakdownHint(days)}
      actions={selector}
      testId="sales-breakdown-card"
    >
      {q.isPending ? (
        <Skeleton h="48" borderRadius="lg" />
      ) : q.isError ? (
        <LoadFailed compact title={T.loadFailed} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : q.data.rows.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {T.noRows}
        </Text>
      ) : (
        <Box opacity={q.isPlaceholderData ? 0.6 : 1}>
          <BreakdownTable rows={q.data.rows} totals={q.data.totals} by={by} />
        </Box>
      )}
    </Panel>
  );
}

function BreakdownTable({
  rows,
  totals,
  by,
}: {
  rows: BreakdownRow[];
  totals: Omit<BreakdownRow, "key" | "name" | "detail">;
  by: BreakdownBy;
}) {
  // The table scrolls inside its card on a phone, so the page itself never scrolls sideways; the
  // group's name stays pinned at the left and Net at the right, so what matters never scrolls away.
  const minus = (cents: number) => (cents ? `−${formatCents(cents)}` : formatCents(0));
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="border.muted" borderRadius="lg" maxW="full">
      <Table.Root size="sm" variant="line" minW="640px" data-testid={`breakdown-table-${by}`}>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader {...PIN_START} bg="bg.subtle">
              {T.by[by]}
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{T.cols.gross}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{T.cols.returns}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{T.cols.tax}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end" {...PIN_END} bg="bg.subtle">
              {T.cols.net}
            </Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{T.cols.units}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{T.cols.refundRate}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body fontVariantNumeric="tabular-nums">
          {rows.map((r) => (
            <Table.Row key={r.key}>
              <Table.Cell minW={{ base: "28", md: "36" }} {...PIN_START}>
                <Text fontWeight="medium">{r.name}</Text>
                {r.detail ? (
                  <Text fontSize="xs" color="fg.muted">
                    {r.detail}
                  </Text>
                ) : null}
              </Table.Cell>
              <Table.Cell textAlign="end">{formatCents(r.grossCents)}</Table.Cell>
              <Table.Cell textAlign="end" color={r.returnsCents ? "red.fg" : "fg.muted"}>
                {minus(r.returnsCents)}
              </Table.Cell>
              <Table.Cell textAlign="end" color="fg.muted">
                {minus(r.taxCents)}
              </Table.Cell>
              <Table.Cell textAlign="end" color="green.fg" fontWeight="semibold" {...PIN_END}>
                {formatCents(r.netCents)}
              </Table.Cell>
              <Table.Cell textAlign="end">{num(r.netUnits)}</Table.Cell>
              <Table.Cell textAlign="end">{rate(r.refundRate)}</Table.Cell>
            </Table.Row>
          ))}
          <Table.Row fontWeight="semibold" bg="bg.subtle">
            <Table.Cell {...PIN_START} bg="bg.subtle">
              {T.total}
            </Table.Cell>
            <Table.Cell textAlign="end">{formatCents(totals.grossCents)}</Table.Cell>
            <Table.Cell textAlign="end" color="red.fg">
              {minus(totals.returnsCents)}
            </Table.Cell>
            <Table.Cell textAlign="end" color="fg.muted">
              {minus(totals.taxCents)}
            </Table.Cell>
            <Table.Cell textAlign="end" color="green.fg" {...PIN_END} bg="bg.subtle">
              {formatCents(totals.netCents)}
            </Table.Cell>
            <Table.Cell textAlign="end">{num(totals.netUnits)}</Table.Cell>
            <Table.Cell textAlign="end">{rate(totals.refundRate)}</Table.Cell>
          </Table.Row>
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
