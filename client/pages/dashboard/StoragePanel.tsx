import { Box, Card, Flex, Progress, Stack, Text } from "@chakra-ui/react";
import { formatFileSize } from "@shared/format";
import { DASHBOARD_PROJECT_LIMIT } from "@shared/limits";
import { MEDIA_LIBRARY } from "@shared/messages/media-library";
import type { StorageOverview } from "@shared/schemas/media-library";

/**
 * Dashboard: the disk media takes, in total and for the largest projects holding files (uploads plus
 * the copies converted for streaming), each bar against the largest so the one to tidy stands out.
 */
export function StoragePanel({ storage }: { storage: StorageOverview }) {
  // Projects without a file take no room: listing them would only push the large ones away.
  const holding = storage.projects.filter((p) => p.files > 0 || p.totalBytes > 0);
  const shown = holding.slice(0, DASHBOARD_PROJECT_LIMIT);
  const largest = Math.max(1, ...shown.map((p) => p.totalBytes));
  const more = holding.length - shown.length;
  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" data-testid="storage-panel">
      <Card.Header>
        <Flex justify="space-between" align="baseline" gap="3" wrap="wrap">
          <Card.Title>{MEDIA_LIBRARY.storageByProject}</Card.Title>
          <Text fontSize="sm" color="fg.muted" data-testid="storage-total">
            {MEDIA_LIBRARY.storageTotal}:{" "}
            <Text as="span" fontWeight="semibold" color="fg">
              {formatFileSize(storage.totalBytes)}
            </Text>
          </Text>
        </Flex>
      </Card.Header>
      <Card.Body pt="2">
        {shown.length === 0 ? (
          <Text color="fg.muted" textAlign="center" py="6">
            {MEDIA_LIBRARY.storageNothingStored}
          </Text>
        ) : (
          <Stack gap="3">
            {shown.map((p) => (
              <Box key={p.projectId} data-testid={`storage-project-${p.projectId}`}>
                <Flex justify="space-between" gap="3" align="baseline">
                  <Text fontWeight="medium" truncate minW="0">
                    {p.name}
                    <Text as="span" color="fg.muted" fontWeight="normal" fontSize="xs">
                      {" "}
                      · {p.org_name}
                    </Text>
                  </Text>
                  <Text fontSize="sm" fontVariantNumeric="tabular-nums" flexShrink={0}>
                    {formatFileSize(p.totalBytes)}
                  </Text>
                </Flex>
                <Progress.Root
                  value={(p.totalBytes / largest) * 100}
                  size="xs"
                  colorPalette="purple"
                  mt="1"
                  aria-label={p.name}
                >
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
                <Text fontSize="xs" color="fg.subtle" mt="1">
                  {MEDIA_LIBRARY.storageBreakdown(
                    p.files,
                    formatFileSize(p.mediaBytes),
                    formatFileSize(p.preparedBytes),
                  )}
                </Text>
              </Box>
            ))}
            {more > 0 && (
              <Text fontSize="sm" color="fg.muted">
                {MEDIA_LIBRARY.storageMoreProjects(more)}
              </Text>
            )}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
