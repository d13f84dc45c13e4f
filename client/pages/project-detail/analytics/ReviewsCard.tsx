import { Badge, Box, Flex, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { LoadFailed } from "@client/components/LoadFailed";
import { Panel } from "@client/components/StatCard";
import { trpc } from "@client/lib/trpc";
import { REVIEWS_UI as T } from "@client/messages/reviews-ui";
import { formatPercent } from "@shared/format";
import { REVIEW_MAX_DAYS, type ReviewsAnswer } from "@shared/schemas/analytics-reviews";
import { keepPreviousData } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { reviewPalette, signed } from "./reviews-tone";

// recharts is loaded with the trend only, as the financial charts are.
const ReviewTrendChart = lazy(() => import("./ReviewTrendChart"));

/** The Reviews card: Steam's words, percent positive, total reviews and the daily trend. */
export function ReviewsCard({ projectId, days }: { projectId: number; days: number }) {
  const q = trpc.analytics.reviews.useQuery(
    { projectId, days: Math.min(days, REVIEW_MAX_DAYS) },
    { placeholderData: keepPreviousData, refetchOnWindowFocus: false },
  );
  return (
    <Panel title={T.title} subtitle={T.subtitle} testId="reviews-card">
      {q.isPending ? (
        <Skeleton h="40" borderRadius="lg" />
      ) : q.isError ? (
        <LoadFailed compact title={T.loadFailed} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : !q.data.latest ? (
        <EmptyReviews />
      ) : (
        <ReviewsBody data={q.data} />
      )}
    </Panel>
  );
}

function EmptyReviews() {
  return (
    <Stack gap="1" py="6" textAlign="center" align="center" data-testid="reviews-empty">
      <Text fontWeight="medium">{T.emptyTitle}</Text>
      <Text fontSize="sm" color="fg.muted" maxW="md">
        {T.emptyText}
      </Text>
    </Stack>
  );
}

function ReviewsBody({ data }: { data: ReviewsAnswer }) {
  const latest = data.latest!;
  const { change } = data;
  return (
    <Flex direction={{ base: "column", lg: "row" }} gap="6" align={{ lg: "center" }}>
      <Stack gap="2" minW={{ lg: "60" }}>
        <Badge
          colorPalette={reviewPalette(latest.scoreDescription)}
          variant="subtle"
          size="lg"
          alignSelf="flex-start"
          data-testid="review-score"
        >
          {latest.scoreDescription}
        </Badge>
        <Text
          fontSize="3xl"
          fontWeight="bold"
          letterSpacing="tight"
          lineHeight="1.1"
          data-testid="review-percent"
        >
          {latest.percentPositive === null ? T.noReviews : T.positive(formatPercent(latest.percentPositive))}
        </Text>
        <Text color="fg.muted" fontSize="sm" data-testid="review-total">
          {T.total(latest.totalReviews.toLocaleString("en-US"))}
        </Text>
        <HStack gap="2" wrap="wrap" data-testid="review-change">
          {change.percentPositive === null && change.totalReviews === null ? (
            <Text fontSize="xs" color="fg.subtle">
              {T.noChange}
            </Text>
          ) : (
            <>
              {change.percentPositive !== null ? (
                <Badge
                  variant="surface"
                  colorPalette={
                    change.percentPositive > 0 ? "green" : change.percentPositive < 0 ? "red" : "gray"
                  }
                >
                  {T.points(signed(change.percentPositive, 1), data.days)}
                </Badge>
              ) : null}
              {change.totalReviews !== null ? (
                <Badge variant="surface" colorPalette="gray">
                  {T.added(signed(change.totalReviews))}
                </Badge>
              ) : null}
            </>
          )}
        </HStack>
      </Stack>
      <Box flex="1" minW="0">
        <Suspense fallback={<Skeleton h="44" borderRadius="lg" />}>
          <ReviewTrendChart trend={data.trend} />
        </Suspense>
      </Box>
    </Flex>
  );
}
