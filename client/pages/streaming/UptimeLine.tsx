import { Stack, Text } from "@chakra-ui/react";
import { trpc } from "@client/lib/trpc";
import { HEALTH_UI } from "@client/messages/health-ui";
import { useEffect, useRef } from "react";

/** Between runs an uptime moves slowly; a run starting or ending refreshes it at once (see runKey). */
const UPTIME_POLL_MS = 60_000;

/**
 * "Uptime 24 h 99.8% · 7 d 97.1%" on a destination card; "—" for a period nothing was meant to be live,
 * and the intended time beside a figure over a short one ("0.0% of 40 s"). `runKey` changes when a
 * run starts, ends or fails, and each change asks for the figures again.
 */
export function UptimeLine({
  destinationId,
  runKey,
  steam,
}: {
  destinationId: number;
  runKey?: string;
  /** A Steam destination: its store-page share is shown beneath. */
  steam?: boolean;
}) {
  const day = trpc.health.uptime.useQuery({ destinationId, days: 1 }, { refetchInterval: UPTIME_POLL_MS });
  const week = trpc.health.uptime.useQuery({ destinationId, days: 7 }, { refetchInterval: UPTIME_POLL_MS });
  const seen = useRef(runKey);
  const { refetch: refetchDay } = day;
  const { refetch: refetchWeek } = week;
  useEffect(() => {
    if (seen.current === runKey) return;
    seen.current = runKey;
    void refetchDay();
    void refetchWeek();
  }, [runKey, refetchDay, refetchWeek]);
  if (!day.data && !week.data) return null;
  const line = (
    <Text
      fontSize="xs"
      color="fg.muted"
      fontVariantNumeric="tabular-nums"
      title={HEALTH_UI.uptimeHint}
      data-testid={`uptime-${destinationId}`}
    >
      {HEALTH_UI.uptime(day.data, week.data)}
    </Text>
  );
  if (!steam) return line;
  return (
    <Stack gap="0.5">
      {line}
      <Text
        fontSize="xs"
        color="fg.muted"
        fontVariantNumeric="tabular-nums"
        title={HEALTH_UI.storePageUptimeHint}
        data-testid={`store-page-uptime-${destinationId}`}
      >
        {HEALTH_UI.storePageUptime(day.data?.store_page_percent, week.data?.store_page_percent)}
      </Text>
    </Stack>
  );
}
