import { Alert, Box, Button, Flex, Grid, HStack, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { BoxIcon, PercentIcon, SettingsIcon, UserIcon, WalletIcon } from "@client/components/icons/analytics";
import { LoadFailed } from "@client/components/LoadFailed";
import { Panel, StatCard } from "@client/components/StatCard";
import { trpc } from "@client/lib/trpc";
import { ANALYTICS_UI } from "@client/messages/analytics-ui";
import { WISHLISTS_UI as T } from "@client/messages/wishlists-ui";
import type { WishlistsAnswer } from "@shared/schemas/wishlists";
import { keepPreviousData } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { Link } from "react-router-dom";
import { SectionHeading } from "./SectionHeading";

// The wishlists card: headline figures, the daily chart and the top countries for the tab's period.
const WishlistChart = lazy(() => import("./WishlistChart"));

const num = (n: number) => n.toLocaleString("en-US");
const signed = (n: number) => (n > 0 ? `+${num(n)}` : n < 0 ? `−${num(-n)}` : "±0");
const countryNames = new Intl.DisplayNames(["en"], { type: "region" });
const countryName = (code: string) => {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
};

export function WishlistsSection({ projectId, days }: { projectId: number; days: number }) {
  const q = trpc.analytics.wishlists.useQuery(
    { projectId, days },
    { placeholderData: keepPreviousData, refetchOnWindowFocus: false },
  );
  return (
    <Stack gap="4" data-testid="wishlists-section">
      <SectionHeading mt="4" title={T.heading} subtitle={T.subheading} />
      {q.isPending ? (
        <Skeleton h="320px" borderRadius="xl" />
      ) : q.isError ? (
        <LoadFailed title={T.loadFailed} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : !q.data.financialEnabled ? (
        <Notice title={T.offTitle} hint={T.offHint} settings={`/projects/${projectId}/settings`} />
      ) : !q.data.hasData ? (
        <Notice title={T.emptyTitle} hint={T.emptyHint} />
      ) : (
        <WishlistFigures data={q.data} />
      )}
    </Stack>
  );
}

function Notice({ title, hint, settings }: { title: string; hint?: string; settings?: string }) {
  return (
    <Alert.Root
      status="neutral"
      variant="surface"
      borderRadius="xl"
      alignItems="center"
      data-testid="wishlists-empty"
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {hint ? <Alert.Description>{hint}</Alert.Description> : null}
      </Alert.Content>
      {settings ? (
        <Button asChild size="sm" variant="outline">
          <Link to={settings}>
            <SettingsIcon /> {ANALYTICS_UI.openSettings}
          </Link>
        </Button>
      ) : null}
    </Alert.Root>
  );
}

function WishlistFigures({ data }: { data: WishlistsAnswer }) {
  const { totals: t } = data;
  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        <StatCard
          label={T.adds}
          value={num(t.adds)}
          hint={T.addsHint(data.period.days)}
          icon={UserIcon}
          palette="green"
        />
        <StatCard
          label={T.balance}
          value={num(data.balance)}
          hint={T.balanceHint(signed(data.balanceChange))}
          icon={WalletIcon}
          palette="purple"
        />
        <StatCard
          label={T.conversion}
          value={data.conversion === null ? "—" : `${(data.conversion * 100).toFixed(1)}%`}
          hint={data.conversion === null ? T.noConversion : T.conversionHint(num(t.purchases), num(t.adds))}
          icon={PercentIcon}
          palette="blue"
        />
        <StatCard
          label={T.deletes}
          value={num(t.deletes)}
          hint={T.deletesHint(num(t.gifts))}
          icon={BoxIcon}
          palette="red"
        />
      </SimpleGrid>
      <Grid templateColumns={{ base: "1fr", lg: "3fr 2fr" }} gap="4" alignItems="start">
        <Panel title={T.chart} subtitle={T.chartHint} testId="wishlist-chart-panel">
          <Suspense fallback={<Skeleton h="260px" borderRadius="lg" />}>
            <WishlistChart daily={data.daily} />
          </Suspense>
        </Panel>
        <Panel title={T.countries} subtitle={T.countriesHint} testId="wishlist-countries">
          <TopCountries data={data} />
        </Panel>
      </Grid>
    </>
  );
}

function TopCountries({ data }: { data: WishlistsAnswer }) {
  const rows = data.topCountries;
  if (rows.length === 0)
    return (
      <Text color="fg.muted" fontSize="sm">
        {T.noCountries}
      </Text>
    );
  const top = Math.max(1, ...rows.map((r) => r.adds));
  return (
    <Stack gap="3">
      {rows.map((r) => (
        <Box key={r.countryCode} data-testid={`wishlist-country-${r.countryCode}`}>
          <Flex justify="space-between" fontSize="sm" mb="1" gap="3">
            <HStack gap="2" minW="0">
              <Text fontFamily="mono" color="fg.muted" fontSize="xs">
                {r.countryCode}
              </Text>
              <Text truncate>{countryName(r.countryCode)}</Text>
            </HStack>
            <Text fontVariantNumeric="tabular-nums" fontWeight="medium" flexShrink={0}>
              {num(r.adds)}{" "}
              <Text as="span" color="fg.subtle" fontWeight="normal">
                {T.addsColumn}
              </Text>
            </Text>
          </Flex>
          <Box h="1.5" bg="bg.muted" borderRadius="full" overflow="hidden">
            <Box
              h="full"
              bg="green.solid"
              borderRadius="full"
              style={{ width: `${(r.adds / top) * 100}%` }}
            />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
