import { Badge, Box } from "@chakra-ui/react";
import { STREAM_STATE_WORDS, STREAM_STATUS_COLORS } from "@shared/messages/streaming";
import type { StreamStatus } from "@shared/schemas/streaming";

/** A stream's status, or one of the words that say more than it (see badgeState). */
export type BadgeState = StreamStatus | keyof typeof STREAM_STATE_WORDS;

/**
 * What the badge says: "Reconnecting" for a stream waiting to retry after failures (the server still
 * calls it starting), "Never connected" for one stopped after failures before any frame went out.
 */
export function badgeState(
  status: StreamStatus,
  o: { errorCount: number; wentLive: boolean | null },
): BadgeState {
  if (status === "starting" && o.errorCount > 0) return "reconnecting";
  if (status === "stopped" && o.errorCount > 0 && o.wentLive === false) return "never_connected";
  return status;
}

/** Running green, starting yellow, stopping orange, stopped grey, error red (docs/screens.md#streaming). */
function statusColor(status: string): string {
  return STREAM_STATUS_COLORS[status as BadgeState] ?? "gray";
}

/**
 * The marker beside the word: a dot, pulsing while the process is coming up or live, and a square
 * (a stop sign) while it winds down, so starting and stopping differ in shape as well as hue.
 */
const MARKER: Record<string, "pulse" | "square" | "dot"> = {
  running: "pulse",
  starting: "pulse",
  reconnecting: "pulse",
  stopping: "square",
};

export function StatusBadge({ status }: { status: string }) {
  const palette = statusColor(status);
  const marker = MARKER[status] ?? "dot";
  // The words are written as they should read ("Never connected"); a bare status is capitalized.
  const word = STREAM_STATE_WORDS[status as keyof typeof STREAM_STATE_WORDS];
  // The passing states wear a border in their hue: yellow and orange tints alone read alike on dark.
  const passing = status === "starting" || status === "stopping" || status === "reconnecting";
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
      textTransform={word ? "none" : "capitalize"}
    >
      <Box
        as="span"
        w="1.5"
        h="1.5"
        borderRadius={marker === "square" ? "1px" : "full"}
        bg="colorPalette.solid"
        animation={marker === "pulse" ? "pulse 1.6s ease-in-out infinite" : undefined}
      />
      {word ?? status}
    </Badge>
  );
}
