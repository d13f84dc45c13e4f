import { Box, HStack, Progress, Stack, Text } from "@chakra-ui/react";
import { STREAMING_UI as UI } from "@client/messages/streaming-ui";
import { formatPercent } from "@shared/format";
import type { MediaPreparationView } from "./types";

/**
 * Media that cannot be stream-copied is re-encoded once before it streams; this shows
 * that job's progress so a slow first start is explained.
 */
export function PreparationsPanel({ preparations }: { preparations: MediaPreparationView[] }) {
  const shown = preparations.filter((p) => p.status !== "done");
  if (shown.length === 0) return null;
  return (
    <Stack gap="3" p="4" borderWidth="1px" borderColor="blue.800" bg="blue.950" borderRadius="lg">
      {shown.map((p) => (
        <Box key={p.media_id}>
          <HStack justify="space-between" mb="1.5">
            <Text fontSize="sm">{UI.preparing(p.media_name)}</Text>
            <Text fontSize="sm" fontFamily="mono" color={p.status === "error" ? "red.300" : "fg.muted"}>
              {p.status === "error" ? UI.preparationFailed : formatPercent(p.percent)}
            </Text>
          </HStack>
          <Progress.Root value={p.percent} size="xs" colorPalette={p.status === "error" ? "red" : "blue"}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          {p.error && (
            <Text fontSize="xs" color="red.300" mt="1">
              {p.error}
            </Text>
          )}
        </Box>
      ))}
    </Stack>
  );
}
