import { Box, Card, HStack, Stack, Text } from "@chakra-ui/react";
import { badgeState, StatusBadge } from "@client/components/StreamStatusBadge";
import { DASHBOARD } from "@client/messages/dashboard";
import { relativeTime } from "@shared/format";
import type { ActivityItem, StreamStatus } from "@shared/schemas/streaming";
import { BroadcastIcon, UploadIcon } from "./icons";

function activityText(item: ActivityItem): string {
  return item.activity_type === "stream"
    ? DASHBOARD.streamActivity(item.media_name ?? "", item.destination_name ?? "")
    : DASHBOARD.mediaUploaded(item.original_name ?? "");
}

/** An ended run is dated by its end ("Stopped · 2h ago" means it stopped 2 hours ago); the rest by their start. */
const shownTime = (item: ActivityItem) => item.stopped_at ?? item.started_at ?? item.created_at;

/** Dashboard, Recent Activity: streams and uploads, newest first. */
export function RecentActivity({ items, now }: { items: ActivityItem[]; now?: number }) {
  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" h="full">
      <Card.Header>
        <Card.Title>{DASHBOARD.recentActivity}</Card.Title>
      </Card.Header>
      <Card.Body pt="2">
        {items.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="10">
            {DASHBOARD.noActivity}
          </Text>
        ) : (
          <Stack gap="0" divideY="1px" divideColor="border.muted">
            {items.map((item) => {
              const stream = item.activity_type === "stream";
              return (
                <HStack key={`${item.activity_type}-${item.id}`} gap="3" py="3" align="flex-start">
                  <Box
                    colorPalette={stream ? "green" : "purple"}
                    bg="colorPalette.subtle"
                    color="colorPalette.fg"
                    borderRadius="md"
                    p="2"
                    flexShrink={0}
                  >
                    {stream ? <BroadcastIcon boxSize="4" /> : <UploadIcon boxSize="4" />}
                  </Box>
                  <Box flex="1" minW="0">
                    <Text fontSize="sm" fontWeight="medium" lineClamp={2} wordBreak="break-word">
                      {activityText(item)}
                    </Text>
                    <Text fontSize="xs" color="fg.muted" truncate>
                      {[item.project_name, item.user_name].filter(Boolean).join(" · ")}
                    </Text>
                  </Box>
                  <Stack gap="1" align="flex-end" flexShrink={0}>
                    {item.status && (
                      <StatusBadge
                        status={badgeState(item.status as StreamStatus, {
                          errorCount: item.error_count ?? 0,
                          wentLive: item.went_live,
                        })}
                      />
                    )}
                    <Text fontSize="xs" color="fg.subtle">
                      {relativeTime(shownTime(item), now)}
                    </Text>
                  </Stack>
                </HStack>
              );
            })}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
