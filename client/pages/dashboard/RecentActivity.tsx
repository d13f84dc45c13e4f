import { Box, Card, Stack, Text } from "@chakra-ui/react";
import { badgeState, StatusBadge } from "@client/components/StreamStatusBadge";
import { DASHBOARD } from "@client/messages/dashboard";
import { relativeTime } from "@shared/format";
import type { ActivityItem } from "@shared/schemas/dashboard";
import type { StreamStatus } from "@shared/schemas/streaming";
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
                // On a phone the state and time go on a line of their own under the text, which
                // then has the card's whole width; from sm on they stand at the right.
                <Box
                  key={`${item.activity_type}-${item.id}`}
                  display="grid"
                  gridTemplateColumns={{ base: "auto minmax(0, 1fr)", sm: "auto minmax(0, 1fr) auto" }}
                  gridTemplateAreas={{ base: '"icon text" "icon side"', sm: '"icon text side"' }}
                  columnGap="3"
                  rowGap="1.5"
                  py="3"
                  alignItems="flex-start"
                >
                  <Box
                    gridArea="icon"
                    colorPalette={stream ? "green" : "purple"}
                    bg="colorPalette.subtle"
                    color="colorPalette.fg"
                    borderRadius="md"
                    p="2"
                  >
                    {stream ? <BroadcastIcon boxSize="4" /> : <UploadIcon boxSize="4" />}
                  </Box>
                  <Box gridArea="text" minW="0">
                    <Text fontSize="sm" fontWeight="medium" lineClamp={2} wordBreak="break-word">
                      {activityText(item)}
                    </Text>
                    <Text fontSize="xs" color="fg.muted" truncate>
                      {[item.project_name, item.user_name].filter(Boolean).join(" · ")}
                    </Text>
                  </Box>
                  <Stack
                    gridArea="side"
                    direction={{ base: "row", sm: "column" }}
                    gap={{ base: "2", sm: "1" }}
                    align={{ base: "center", sm: "flex-end" }}
                  >
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
                </Box>
              );
            })}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
