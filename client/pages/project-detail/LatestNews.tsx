import { Badge, Box, Card, Flex, HStack, IconButton, Link, Skeleton, Stack, Text } from "@chakra-ui/react";
import { ExternalIcon, NewsIcon, RefreshIcon } from "@client/components/icons/analytics";
import { LoadFailed } from "@client/components/LoadFailed";
import { trpc } from "@client/lib/trpc";
import { LATEST_NEWS_UI as T } from "@client/messages/analytics-ui";
import { LOAD_FAILED } from "@client/messages/load-failed";
import { formatShortDate } from "@shared/format";
import { ANALYTICS } from "@shared/messages/analytics";
import { NEWS_LIMIT, type NewsItem } from "@shared/schemas/analytics";
import { useState } from "react";

/** Up to 10 Steam news items on the overview, with a count and a refresh. */
export function LatestNews({ projectId }: { projectId: number }) {
  const input = { projectId, limit: NEWS_LIMIT };
  const news = trpc.analytics.news.useQuery(input, { refetchOnWindowFocus: false });
  const utils = trpc.useUtils();
  const [refreshing, setRefreshing] = useState(false);
  const [refreshFailed, setRefreshFailed] = useState(false);

  // The refresh button bypasses the server's news cache, then stands in for the cached answer.
  async function refresh() {
    setRefreshing(true);
    setRefreshFailed(false);
    try {
      utils.analytics.news.setData(
        input,
        await utils.client.analytics.news.query({ ...input, refresh: true }),
      );
    } catch {
      // A news failure clears the list (docs/screens.md#project-detail) and says it failed.
      utils.analytics.news.setData(input, { summary: { totalArticles: 0, fetchedAt: null }, newsItems: [] });
      setRefreshFailed(true);
    } finally {
      setRefreshing(false);
    }
  }

  // A failed load shows no news, and says it failed (with a Retry) rather than "no news available".
  const failed = news.isError || refreshFailed;
  const items = news.isError ? [] : (news.data?.newsItems ?? []);
  const total = news.isError ? 0 : (news.data?.summary.totalArticles ?? 0);

  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" data-testid="latest-news">
      <Card.Body p="5" gap="4">
        <Flex justify="space-between" align="center">
          <HStack gap="2.5">
            <Box
              colorPalette="orange"
              bg="colorPalette.subtle"
              color="colorPalette.fg"
              p="2"
              borderRadius="lg"
            >
              <NewsIcon boxSize="4" />
            </Box>
            <Text fontWeight="semibold">{ANALYTICS.latestNews}</Text>
            {news.isSuccess && !failed ? (
              <Badge variant="subtle" colorPalette="gray">
                {T.count(total)}
              </Badge>
            ) : null}
          </HStack>
          <IconButton
            aria-label={T.refresh}
            title={T.refresh}
            size="sm"
            variant="ghost"
            onClick={refresh}
            loading={refreshing || news.isFetching}
          >
            <RefreshIcon />
          </IconButton>
        </Flex>
        {news.isPending ? (
          <Stack gap="3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h="14" borderRadius="md" />
            ))}
          </Stack>
        ) : failed ? (
          <LoadFailed
            compact
            title={LOAD_FAILED.news}
            onRetry={refresh}
            retrying={refreshing || news.isFetching}
          />
        ) : items.length === 0 ? (
          <Text color="fg.muted" fontSize="sm" textAlign="center" py="6">
            {ANALYTICS.noNews}
          </Text>
        ) : (
          <Stack gap="0" divideY="1px" divideColor="border.muted">
            {items.map((item) => (
              <NewsRow key={item.gid || item.url} item={item} />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function NewsRow({ item }: { item: NewsItem }) {
  const counts = [
    item.views !== null ? T.views(item.views.toLocaleString("en-US")) : null,
    item.comments !== null ? T.comments(item.comments.toLocaleString("en-US")) : null,
    item.likes !== null ? T.likes(item.likes.toLocaleString("en-US")) : null,
  ].filter(Boolean);
  return (
    <Box py="3" data-testid="news-item">
      <Link
        href={item.url}
        target="_blank"
        rel="noreferrer"
        fontWeight="medium"
        fontSize="sm"
        color="fg"
        _hover={{ color: "orange.fg" }}
        lineClamp={2}
      >
        {item.title} <ExternalIcon boxSize="3" color="fg.subtle" />
      </Link>
      {item.excerpt ? (
        <Text fontSize="xs" color="fg.muted" lineClamp={2} mt="1">
          {item.excerpt}
        </Text>
      ) : null}
      <HStack gap="2" mt="1.5" fontSize="xs" color="fg.subtle" wrap="wrap">
        <Text>{formatShortDate(item.published_date)}</Text>
        {item.feedlabel ? <Text>· {item.feedlabel}</Text> : null}
        {counts.length > 0 ? <Text>· {counts.join(" · ")}</Text> : null}
      </HStack>
    </Box>
  );
}
