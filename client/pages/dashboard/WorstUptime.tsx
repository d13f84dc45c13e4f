import { HStack, Text } from "@chakra-ui/react";
import { HEALTH_UI } from "@client/messages/health-ui";
import type { WorstUptime as Worst } from "@shared/schemas/health";

/** The System Status line naming the destination with the lowest uptime over 7 days. */
export function WorstUptime({ worst }: { worst: Worst | null }) {
  const low = worst !== null && worst.uptime_percent < 99;
  return (
    <HStack gap="2" fontSize="sm" data-testid="worst-uptime" wrap="wrap">
      <Text color="fg.muted">{HEALTH_UI.worstUptimeLabel}</Text>
      <Text color={low ? "orange.300" : undefined} fontVariantNumeric="tabular-nums">
        {worst
          ? HEALTH_UI.worstUptime(worst.uptime_percent, worst.destination_name, worst.project_name)
          : HEALTH_UI.worstUptimeNone}
      </Text>
    </HStack>
  );
}
