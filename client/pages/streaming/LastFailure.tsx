import { Box, Text } from "@chakra-ui/react";
import { STREAMING_UI as UI } from "@client/messages/streaming-ui";
import { relativeTime } from "@shared/format";
import type { DestinationFailure } from "@shared/schemas/streaming";

/** ffmpeg's message ends with the line that names the cause; the rest stays in the tooltip. */
const lastLine = (message: string) =>
  message
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .at(-1) ?? "";

/** The newest run's failure on its destination card: what, when and how often, until the next start. */
export function LastFailure({ failure }: { failure: DestinationFailure }) {
  return (
    <Box
      role="status"
      aria-label={UI.lastFailureLabel}
      bg="red.subtle"
      borderWidth="1px"
      borderColor="red.muted"
      borderRadius="md"
      px="3"
      py="2"
      data-testid="last-failure"
    >
      <Text fontSize="sm" fontWeight="medium" color="red.fg">
        {failure.ended ? UI.failedTitle : UI.retryingTitle}
        {" · "}
        {relativeTime(failure.at)}
        {" · "}
        {UI.errorCount(failure.error_count)}
      </Text>
      {failure.message && (
        <Text fontFamily="mono" fontSize="xs" color="fg.muted" mt="1" lineClamp={2} title={failure.message}>
          {lastLine(failure.message)}
        </Text>
      )}
    </Box>
  );
}
