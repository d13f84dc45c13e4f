import { Box, SimpleGrid, Text } from "@chakra-ui/react";
import { STREAMING_UI as UI } from "@client/messages/streaming-ui";
import { formatDuration } from "@shared/format";
import type { LiveFigures as Figures } from "./types";

function Figure({ label, value, warn }: { label: string; value: string; warn?: boolean }) {
  return (
    <Box bg="bg.subtle" borderRadius="md" px="3" py="2" borderWidth="1px" borderColor="border.muted">
      <Text fontSize="2xs" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
        {label}
      </Text>
      <Text fontFamily="mono" fontSize="sm" fontWeight="semibold" color={warn ? "orange.300" : "fg"}>
        {value}
      </Text>
    </Box>
  );
}

/** What ffmpeg reports it is really sending: shown for running streams only. */
export function LiveFigures({ live }: { live: Figures | null | undefined }) {
  if (!live) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {UI.waitingForFigures}
      </Text>
    );
  }
  // A speed under 0.99× means the receiver gets less than real time: worth a colour.
  const slow = live.speed > 0 && live.speed < 0.99;
  return (
    <SimpleGrid columns={{ base: 2, sm: 3 }} gap="2" data-testid="live-figures">
      <Figure label={UI.fps} value={live.fps.toFixed(1)} />
      <Figure label={UI.bitrate} value={`${Math.round(live.bitrate_kbps)} kbps`} />
      <Figure label={UI.speed} value={`${live.speed.toFixed(2)}×`} warn={slow} />
      <Figure label={UI.frames} value={live.frame.toLocaleString("en-US")} />
      <Figure label={UI.timeSent} value={formatDuration(live.out_time_seconds)} />
      <Figure
        label={UI.droppedDup}
        value={`${live.dropped_frames} / ${live.dup_frames}`}
        warn={live.dropped_frames > 0}
      />
    </SimpleGrid>
  );
}
