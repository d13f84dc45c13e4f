import { Text } from "@chakra-ui/react";
import { trpc } from "@client/lib/trpc";
import { HEALTH_UI } from "@client/messages/health-ui";

/** Refreshed each minute: an uptime moves slowly. */
const UPTIME_POLL_MS = 60_000;

/** "Uptime 24 h 99.8% · 7 d 97.1%" on a destination card; "—" for a period nothing was meant to be live. */
export function UptimeLine({ destinationId }: { destinationId: number }) {
  const day = trpc.health.uptime.useQuery({ destinationId, days: 1 }, { refetchInterval: UPTIME_POLL_MS });
  const week = trpc.health.uptime.useQuery({ destinationId, days: 7 }, { refetchInterval: UPTIME_POLL_MS });
  if (!day.data && !week.data) return null;
  return (
    <Text
      fontSize="xs"
      color="fg.muted"
      fontVariantNumeric="tabular-nums"
      title={HEALTH_UI.uptimeHint}
      data-testid={`uptime-${destinationId}`}
    >
      {HEALTH_UI.uptime(day.data?.uptime_percent, week.data?.uptime_percent)}
    </Text>
  );
}
