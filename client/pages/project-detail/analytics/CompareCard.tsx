import {
  Badge,
  Box,
  Button,
  CloseButton,
  HStack,
  Skeleton,
  Stack,
  Table,
  Text,
  Wrap,
} from "@chakra-ui/react";
import { usePermissions } from "@client/app/permissions";
import { LoadFailed } from "@client/components/LoadFailed";
import { Panel } from "@client/components/StatCard";
import { errorMessage } from "@client/lib/errors";
import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { COMPARE_UI as T } from "@client/messages/watchlist-ui";
import { GameSearch } from "@client/pages/project-settings/GameSearch";
import { ESTIMATES, WATCHLIST, WATCHLIST_MAX } from "@shared/messages/watchlist";
import { COMPARE_MAX_DAYS, type CompareAnswer, type CompareGame } from "@shared/schemas/watchlist";
import { keepPreviousData } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import {
  money,
  perWeekCell,
  playersCell,
  positiveCell,
  priceCell,
  priceChanges,
  reviewsCell,
  units,
} from "./compare-figures";

// recharts is loaded with the chart only, as the other cards do.
const CompareChart = lazy(() => import("./CompareChart"));

/** The Compare card: the watch list, each figure beside the list's median, and sales estimates. */
export function CompareCard({ projectId, days }: { projectId: number; days: number }) {
  const utils = trpc.useUtils();
  const q = trpc.analytics.compare.useQuery(
    { projectId, days: Math.min(days, COMPARE_MAX_DAYS) },
    { placeholderData: keepPreviousData, refetchOnWindowFocus: false },
  );
  const { allowed } = usePermissions();
  const canEdit = allowed("analytics.settings");
  const refresh = () => void utils.analytics.compare.invalidate({ projectId });
  const add = trpc.analytics.watchlistAdd.useMutation({
    onSuccess: refresh,
    onError: (err) => notify({ type: "error", title: T.addFailed, message: errorMessage(err, T.addFailed) }),
  });
  const remove = trpc.analytics.watchlistRemove.useMutation({
    onSuccess: refresh,
    onError: (err) =>
      notify({ type: "error", title: T.removeFailed, message: errorMessage(err, T.removeFailed) }),
  });
  const [adding, setAdding] = useState(false);
  const watched = q.data?.games.filter((g) => !g.own) ?? [];
  return (
    <Panel title={T.title} subtitle={T.subtitle} testId="compare-card">
      {q.isPending ? (
        <Skeleton h="40" borderRadius="lg" />
      ) : q.isError ? (
        <LoadFailed compact title={T.loadFailed} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : (
        <Stack gap="4">
          <Stack gap="2">
            <Text fontSize="sm" fontWeight="medium">
              {T.listTitle(watched.length, WATCHLIST_MAX)}
            </Text>
            <Wrap gap="2" data-testid="watchlist">
              {watched.map((g) => (
                <Badge key={g.appId} variant="surface" size="lg">
                  {g.name}
                  {canEdit ? (
                    <CloseButton
                      size="2xs"
                      aria-label={T.remove(g.name)}
                      onClick={() => remove.mutate({ projectId, appId: g.appId })}
                    />
                  ) : null}
                </Badge>
              ))}
            </Wrap>
            {canEdit && watched.length < WATCHLIST_MAX ? (
              adding ? (
                <GameSearch
                  onChoose={(game) => {
                    add.mutate({ projectId, appId: game.appId, name: game.name });
                    setAdding(false);
                  }}
                />
              ) : (
                <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => setAdding(true)}>
                  {T.add}
                </Button>
              )
            ) : null}
          </Stack>
          {watched.length === 0 ? (
            <Text color="fg.muted" fontSize="sm" data-testid="compare-empty">
              {WATCHLIST.empty}
            </Text>
          ) : (
            <CompareBody data={q.data} />
          )}
        </Stack>
      )}
    </Panel>
  );
}

function CompareBody({ data }: { data: CompareAnswer }) {
  const own = data.games.find((g) => g.own);
  return (
    <Stack gap="4">
      {own ? null : (
        <Text fontSize="sm" color="fg.muted">
          {WATCHLIST.noOwnGame}
        </Text>
      )}
      <Box overflowX="auto">
        <Table.Root size="sm" data-testid="compare-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{T.game}</Table.ColumnHeader>
              <Table.ColumnHeader>{T.players}</Table.ColumnHeader>
              <Table.ColumnHeader>{T.reviews}</Table.ColumnHeader>
              <Table.ColumnHeader>{T.positive}</Table.ColumnHeader>
              <Table.ColumnHeader>{T.perWeek}</Table.ColumnHeader>
              <Table.ColumnHeader>{T.price}</Table.ColumnHeader>
              <Table.ColumnHeader>{T.estimate}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.games.map((g) => (
              <GameRow key={g.appId} g={g} />
            ))}
            <MedianRow median={data.median} />
          </Table.Body>
        </Table.Root>
      </Box>
      <Text fontSize="xs" color="fg.muted" data-testid="estimate-method">
        {data.method}
      </Text>
      <Suspense fallback={<Skeleton h="44" borderRadius="lg" />}>
        <CompareChart games={data.games} />
      </Suspense>
      <PriceHistory games={data.games} />
    </Stack>
  );
}

function GameRow({ g }: { g: CompareGame }) {
  return (
    <Table.Row data-testid={`compare-row-${g.appId}`}>
      <Table.Cell fontWeight={g.own ? "semibold" : undefined}>
        {g.name}
        {g.own ? (
          <Badge ms="2" colorPalette="blue" size="sm">
            {WATCHLIST.yours}
          </Badge>
        ) : null}
      </Table.Cell>
      <Table.Cell>{playersCell(g)}</Table.Cell>
      <Table.Cell>{reviewsCell(g)}</Table.Cell>
      <Table.Cell>{positiveCell(g)}</Table.Cell>
      <Table.Cell>{perWeekCell(g)}</Table.Cell>
      <Table.Cell>{priceCell(g)}</Table.Cell>
      <Table.Cell data-testid={`estimate-${g.appId}`}>
        <Stack gap="0">
          <Text>
            {g.estimate ? T.units(units(g.estimate.low), units(g.estimate.high)) : ESTIMATES.noReviews}
          </Text>
          {g.realUnits !== null ? (
            <Text fontSize="xs" color="fg.muted">
              {T.real(units(g.realUnits))}
            </Text>
          ) : null}
        </Stack>
      </Table.Cell>
    </Table.Row>
  );
}

function MedianRow({ median }: { median: CompareAnswer["median"] }) {
  const show = (v: number | null, f: (x: number) => string = units) => (v === null ? "—" : f(v));
  return (
    <Table.Row data-testid="compare-median" color="fg.muted">
      <Table.Cell fontStyle="italic">{WATCHLIST.median}</Table.Cell>
      <Table.Cell>{show(median.averagePlayers)}</Table.Cell>
      <Table.Cell>{show(median.totalReviews)}</Table.Cell>
      <Table.Cell>{show(median.percentPositive, (x) => `${x}%`)}</Table.Cell>
      <Table.Cell>{show(median.reviewsPerWeek)}</Table.Cell>
      <Table.Cell>{show(median.priceCents, (x) => money(x, "USD"))}</Table.Cell>
      <Table.Cell />
    </Table.Row>
  );
}

function PriceHistory({ games }: { games: CompareGame[] }) {
  return (
    <Stack gap="1" data-testid="price-history">
      <Text fontSize="sm" fontWeight="medium">
        {T.pricesTitle}
      </Text>
      {games.map((g) => {
        const changes = priceChanges(g);
        return (
          <HStack key={g.appId} gap="2" fontSize="xs" wrap="wrap">
            <Text fontWeight="medium">{g.name}:</Text>
            {changes.length === 0 ? (
              <Text color="fg.muted">{priceCell(g)}</Text>
            ) : (
              changes.map((p) => (
                <Text key={p.date} color="fg.muted">
                  {p.date}{" "}
                  {p.isFree ? WATCHLIST.free : p.finalCents === null ? "—" : money(p.finalCents, p.currency)}
                  {p.discountPercent > 0 ? ` ${T.discount(p.discountPercent)}` : ""}
                </Text>
              ))
            )}
          </HStack>
        );
      })}
    </Stack>
  );
}
