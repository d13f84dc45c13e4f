import { Box, HStack, Text } from "@chakra-ui/react";
import { PLAYER_CHART_UI as T } from "@client/messages/analytics-ui";
import { labelledSlot, type PlayerBar, shortDay } from "./player-chart";

/**
 * Dates under the bars, each centred on its slot (today's flush right so it never spills out), every
 * 5 days on wide screens and every 10 on phones.
 */
export function DayLabels({ bars }: { bars: PlayerBar[] }) {
  const n = bars.length;
  return (
    <Box position="relative" h="4" mt="2" data-testid="player-day-labels">
      {bars.map((bar, i) => {
        const wide = labelledSlot(i, n, 5);
        if (!bar.isToday && !wide) return null;
        const narrow = labelledSlot(i, n, 10);
        return (
          <Text
            key={bar.date}
            position="absolute"
            top="0"
            {...(bar.isToday
              ? { right: "0" }
              : { left: `${((i + 0.5) / n) * 100}%`, transform: "translateX(-50%)" })}
            display={bar.isToday || narrow ? "block" : { base: "none", md: "block" }}
            fontSize="2xs"
            whiteSpace="nowrap"
            color={bar.isToday ? "teal.fg" : "fg.subtle"}
            fontWeight={bar.isToday ? "semibold" : "normal"}
          >
            {bar.isToday ? T.today : shortDay(bar.date)}
          </Text>
        );
      })}
    </Box>
  );
}

export function Legend() {
  return (
    <HStack gap="4" fontSize="xs" color="fg.muted">
      <LegendItem color="teal.solid" label={T.dailyPeak} />
      <LegendItem color="teal.muted" label={T.peak24h} />
      <LegendItem color="orange.solid" label={T.today} />
    </HStack>
  );
}

function LegendItem({ color, label }: { color: string; label: string }) {
  return (
    <HStack gap="1.5">
      <Box boxSize="2.5" borderRadius="sm" bg={color} />
      <Text>{label}</Text>
    </HStack>
  );
}
