import { Box, Card, Flex, HStack, Progress, SimpleGrid, Text } from "@chakra-ui/react";
import { capacityColor, DASHBOARD } from "@client/messages/dashboard";
import { DASHBOARD_UI } from "@client/messages/streaming-ui";
import { formatPercent } from "@shared/format";
import type { WorstUptime as Worst } from "@shared/schemas/health";
import type { SystemInfo } from "@shared/schemas/streaming";
import { WarningIcon } from "./icons";
import { WorstUptime } from "./WorstUptime";

const MB = 1024 * 1024;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="bold" fontVariantNumeric="tabular-nums" letterSpacing="tight">
        {value}
      </Text>
    </Box>
  );
}

type MachineInfo = Extract<SystemInfo, { scope: "system" }>;

/** The machine's figures and the capacity bar, which exists only when the server has a limit. */
function MachineFigures({ info }: { info: MachineInfo }) {
  const { system, statistics } = info;
  const max = system.maxStreams;
  return (
    <>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="5">
        <Figure
          label={DASHBOARD.activeStreams}
          value={`${system.currentStreams}/${max === null ? DASHBOARD_UI.unlimited : max}`}
        />
        <Figure label={DASHBOARD.cpuUsage} value={formatPercent(system.cpuPercent)} />
        <Figure label={DASHBOARD.memory} value={`${(system.memoryUsage.rss / MB).toFixed(1)} MB`} />
        <Figure label={DASHBOARD.streamsToday} value={String(statistics.total_streams_today)} />
      </SimpleGrid>
      {max !== null && (
        <Box>
          <Flex justify="space-between" mb="1.5">
            <Text fontSize="xs" color="fg.muted">
              {DASHBOARD_UI.capacity(system.utilizationPercent)}
            </Text>
          </Flex>
          <Progress.Root
            value={Math.min(100, system.utilizationPercent)}
            colorPalette={capacityColor(system.utilizationPercent)}
            size="sm"
            data-testid="capacity-bar"
            data-palette={capacityColor(system.utilizationPercent)}
          >
            <Progress.Track borderRadius="full">
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Box>
      )}
    </>
  );
}

/**
 * Dashboard, System Status. Admins see the machine (load, memory, limit); everyone else sees their
 * own projects' streams only, as the server sends them.
 */
export function SystemStatusPanel({ info, worstUptime }: { info: SystemInfo; worstUptime?: Worst | null }) {
  const failed = info.statistics.error_streams_today;
  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" data-testid="system-status">
      <Card.Body p="5" gap="5">
        <HStack justify="space-between">
          <Box>
            <Text fontWeight="semibold">{DASHBOARD.systemStatus}</Text>
            {info.scope === "projects" && (
              <Text fontSize="xs" color="fg.muted">
                {DASHBOARD.ownFiguresHint}
              </Text>
            )}
          </Box>
          <Box
            w="2"
            h="2"
            borderRadius="full"
            bg="green.400"
            boxShadow="0 0 0 4px var(--chakra-colors-green-900)"
          />
        </HStack>
        {info.scope === "system" ? (
          <MachineFigures info={info} />
        ) : (
          <SimpleGrid columns={2} gap="5" data-testid="own-figures">
            <Figure label={DASHBOARD.yourActiveStreams} value={String(info.system.currentStreams)} />
            <Figure label={DASHBOARD.yourStreamsToday} value={String(info.statistics.total_streams_today)} />
          </SimpleGrid>
        )}
        {worstUptime !== undefined && <WorstUptime worst={worstUptime} />}
        {failed > 0 && (
          <HStack color="orange.300" fontSize="sm" gap="2" data-testid="failed-today">
            <WarningIcon boxSize="4" />
            <Text>{DASHBOARD.failedTodayWarning(failed)}</Text>
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
