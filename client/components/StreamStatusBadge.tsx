import { Badge, Box } from "@chakra-ui/react";
import { STREAM_STATUS_COLORS } from "@shared/messages/streaming";
import type { StreamStatus } from "@shared/schemas/streaming";

/** Running green, starting yellow, stopping orange, stopped grey, error red (docs/screens.md#streaming). */
export function statusColor(status: string): string {
  return STREAM_STATUS_COLORS[status as StreamStatus] ?? "gray";
}

export function StatusBadge({ status }: { status: string }) {
  const palette = statusColor(status);
  const pulsing = status === "running" || status === "starting";
  return (
    <Badge
      colorPalette={palette}
      variant="subtle"
      size="md"
      gap="1.5"
      px="2"
      borderRadius="full"
      data-status={status}
      data-palette={palette}
      textTransform="capitalize"
    >
      <Box
        as="span"
        w="1.5"
        h="1.5"
        borderRadius="full"
        bg="colorPalette.solid"
        animation={pulsing ? "pulse 1.6s ease-in-out infinite" : undefined}
      />
      {status}
    </Badge>
  );
}
