import { Badge, Box } from "@chakra-ui/react";
import { STREAM_STATUS_COLORS } from "@shared/messages/streaming";
import type { StreamStatus } from "@shared/schemas/streaming";

/** Running green, starting yellow, stopping orange, stopped grey, error red (docs/screens.md#streaming). */
function statusColor(status: string): string {
  return STREAM_STATUS_COLORS[status as StreamStatus] ?? "gray";
}

/**
 * The marker beside the word: a dot, pulsing while the process is coming up or live, and a square
 * (a stop sign) while it winds down, so starting and stopping differ in shape as well as hue.
 */
const MARKER: Record<string, "pulse" | "square" | "dot"> = {
  running: "pulse",
  starting: "pulse",
  stopping: "square",
};

export function StatusBadge({ status }: { status: string }) {
  const palette = statusColor(status);
  const marker = MARKER[status] ?? "dot";
  // The passing states wear a border in their hue: yellow and orange tints alone read alike on dark.
  const passing = status === "starting" || status === "stopping";
  return (
    <Badge
      colorPalette={palette}
      variant={passing ? "surface" : "subtle"}
      size="md"
      gap="1.5"
      px="2"
      borderRadius="full"
      data-status={status}
      data-palette={palette}
      data-marker={marker}
      textTransform="capitalize"
    >
      <Box
        as="span"
        w="1.5"
        h="1.5"
        borderRadius={marker === "square" ? "1px" : "full"}
        bg="colorPalette.solid"
        animation={marker === "pulse" ? "pulse 1.6s ease-in-out infinite" : undefined}
      />
      {status}
    </Badge>
  );
}
