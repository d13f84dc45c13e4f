import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Grid,
  HStack,
  SimpleGrid,
  Stack,
  Text,
} from "@chakra-ui/react";
import { DollarIcon, DownloadIcon, WrenchIcon } from "@client/components/icons/analytics";
import { errorMessage } from "@client/lib/errors";
import { trpc } from "@client/lib/trpc";
import { ADMIN_CONTROLS_UI as T } from "@client/messages/analytics-ui";
import { ANALYTICS } from "@shared/messages/analytics";
import { type DateRange, SYNC_NOTE_MS } from "@shared/schemas/analytics";
import { type ComponentType, type ReactNode, useEffect, useRef, useState } from "react";

const PRESETS: { range: DateRange; label: string }[] = [
  { range: "recent", label: ANALYTICS.syncRecent },
  { range: "monthly", label: ANALYTICS.syncMonthly },
  { range: "yearly", label: ANALYTICS.syncYearly },
];

interface Note {
  ok: boolean;
  title: string;
  message: string;
}

/**
 * Dashboard, admin only: Financial Data Sync with three presets. The running preset reads
 * 'Syncing...' and all three are disabled; the result note clears after 15 s (yearly) or 10 s.
 */
export function AdminControls() {
  const fetchAll = trpc.analytics.fetchAllApps.useMutation();
  const [running, setRunning] = useState<DateRange | null>(null);
  const [note, setNote] = useState<Note | null>(null);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(clearTimer.current), []);

  function show(next: Note, range: DateRange) {
    setNote(next);
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(
      () => setNote(null),
      range === "yearly" ? SYNC_NOTE_MS.yearly : SYNC_NOTE_MS.other,
    );
  }

  async function run(range: DateRange) {
    setRunning(range);
    try {
      const answer = await fetchAll.mutateAsync({ dateRange: range });
      if (!answer.success) {
        show(
          {
            ok: false,
            title: ANALYTICS.financialSyncFailedTitle,
            message: answer.error || ANALYTICS.syncFailed,
          },
          range,
        );
        return;
      }
      const { appsProcessed: n, totalApps: total } = answer;
      show(
        {
          ok: true,
          title: ANALYTICS.syncCompleted[range],
          message:
            range === "yearly" ? ANALYTICS.syncYearlySummary(n, total) : ANALYTICS.syncSummary(n, total),
        },
        range,
      );
    } catch (err) {
      show(
        {
          ok: false,
          title: ANALYTICS.financialSyncFailedTitle,
          message: errorMessage(err, ANALYTICS.syncFailed),
        },
        range,
      );
    } finally {
      setRunning(null);
    }
  }

  return (
    <Card.Root variant="outline" bg="bg.panel" borderRadius="xl" data-testid="admin-controls">
      <Card.Header pb="0">
        <Flex justify="space-between" align="center">
          <Box>
            <Card.Title>{ANALYTICS.adminControls}</Card.Title>
            <Card.Description>{T.subtitle}</Card.Description>
          </Box>
          <Badge colorPalette="red" variant="subtle">
            {T.adminBadge}
          </Badge>
        </Flex>
      </Card.Header>
      <Card.Body>
        <Grid templateColumns={{ base: "1fr", lg: "2fr 1fr" }} gap="4">
          <Tile
            icon={DollarIcon}
            palette="green"
            title={ANALYTICS.financialDataSync}
            hint={T.financialSyncHint}
          >
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="2">
              {PRESETS.map((p) => (
                <Button
                  key={p.range}
                  size="sm"
                  variant={p.range === "monthly" ? "solid" : "outline"}
                  colorPalette="green"
                  disabled={running !== null}
                  onClick={() => run(p.range)}
                >
                  {running === p.range ? ANALYTICS.syncing : p.label}
                </Button>
              ))}
            </SimpleGrid>
            {note ? (
              <Alert.Root
                status={note.ok ? "success" : "error"}
                size="sm"
                mt="3"
                borderRadius="md"
                data-testid="sync-note"
              >
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{note.title}</Alert.Title>
                  <Alert.Description>{note.message}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            ) : (
              <Flex
                mt="3"
                minH="14"
                align="center"
                justify="center"
                borderWidth="1px"
                borderStyle="dashed"
                borderColor="border.muted"
                borderRadius="md"
                fontSize="xs"
                color="fg.subtle"
              >
                {T.noteIdle}
              </Flex>
            )}
          </Tile>
          <Stack gap="4">
            <Tile
              icon={WrenchIcon}
              palette="blue"
              title={ANALYTICS.systemMaintenance}
              hint={T.maintenanceHint}
              soon
            />
            <Tile
              icon={DownloadIcon}
              palette="purple"
              title={ANALYTICS.analyticsExport}
              hint={T.exportHint}
              soon
            />
          </Stack>
        </Grid>
      </Card.Body>
    </Card.Root>
  );
}

function Tile({
  icon: IconComponent,
  palette,
  title,
  hint,
  soon,
  children,
}: {
  icon: ComponentType<{ boxSize?: string }>;
  palette: string;
  title: string;
  hint: string;
  soon?: boolean;
  children?: ReactNode;
}) {
  return (
    <Box
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="lg"
      p="4"
      bg="bg.subtle"
      opacity={soon ? 0.75 : 1}
      data-testid={`admin-tile-${title}`}
    >
      <HStack gap="3" mb={children ? "3" : "0"} align="flex-start">
        <Box colorPalette={palette} bg="colorPalette.subtle" color="colorPalette.fg" p="2" borderRadius="md">
          <IconComponent boxSize="4" />
        </Box>
        <Box flex="1">
          <HStack justify="space-between">
            <Text fontWeight="semibold" fontSize="sm">
              {title}
            </Text>
            {soon ? (
              <Badge size="sm" variant="outline">
                {ANALYTICS.comingSoon}
              </Badge>
            ) : null}
          </HStack>
          <Text fontSize="xs" color="fg.muted">
            {hint}
          </Text>
        </Box>
      </HStack>
      {children}
    </Box>
  );
}
