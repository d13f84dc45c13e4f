import { Box, HStack, Stack, Text } from "@chakra-ui/react";
import { StorePageBadge } from "@client/components/StorePageBadge";
import { trpc } from "@client/lib/trpc";
import { formatDateTime } from "@shared/format";
import { STORE_PAGE } from "@shared/messages/store-page";

const LIVE_POLL_MS = 10_000;

/** The opened history row of a Steam stream: each change of store-page state, oldest first. */
export function StorePageHistory({ streamId, live }: { streamId: number; live: boolean }) {
  const history = trpc.streaming.storePageHistory.useQuery(
    { streamId },
    { refetchInterval: live ? LIVE_POLL_MS : false },
  );
  if (!history.data || history.data.length === 0) return null;
  return (
    <Box mt="4" data-testid={`store-page-history-${streamId}`}>
      <Text fontSize="2xs" color="fg.muted" textTransform="uppercase" letterSpacing="wider" mb="1">
        {STORE_PAGE.historyTitle}
      </Text>
      <Stack gap="1.5">
        {history.data.map((h) => (
          <HStack key={`${h.at}-${h.state}-${h.app_id}`} gap="3" wrap="wrap" align="center">
            <Text fontSize="xs" color="fg.muted" minW="9rem" fontVariantNumeric="tabular-nums">
              {formatDateTime(h.at)}
            </Text>
            <StorePageBadge
              view={{
                destination_id: 0,
                stream_id: streamId,
                state: h.state,
                since: h.at,
                app_id: h.app_id,
                app_title: h.app_title,
                reason: h.reason,
                checked_at: null,
              }}
            />
            {h.reason && (
              <Text fontSize="xs" color="fg.muted" flex="1" minW="12rem">
                {h.reason}
              </Text>
            )}
          </HStack>
        ))}
      </Stack>
    </Box>
  );
}
