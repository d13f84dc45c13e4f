import { Alert, Box, Grid, Heading, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useSession } from "@client/app/session";
import { trpc } from "@client/lib/trpc";
import { DASHBOARD } from "@client/messages/dashboard";
import { SYSTEM_INFO_POLL_MS } from "@shared/limits";
import { AdminControls } from "./AdminControls";
import { NodesPanel } from "./NodesPanel";
import { ProjectsPanel } from "./ProjectsPanel";
import { RecentActivity } from "./RecentActivity";
import { StatCards } from "./StatCards";
import { StoragePanel } from "./StoragePanel";
import { StorePagePanel } from "./StorePagePanel";
import { SystemStatusPanel } from "./SystemStatusPanel";

/** /dashboard: system-wide for admins, the user's own projects for everyone else (docs/screens.md#dashboard). */
export default function DashboardPage() {
  const { user } = useSession();
  const stats = trpc.dashboard.stats.useQuery();
  // Refreshed every 5 s; a refusal (403) just leaves the panel out.
  const system = trpc.streaming.systemInfo.useQuery(undefined, { refetchInterval: SYSTEM_INFO_POLL_MS });
  const projects = trpc.projects.list.useQuery();
  const activity = trpc.dashboard.recentActivity.useQuery();
  const storage = trpc.dashboard.storage.useQuery();
  const worstUptime = trpc.health.worstUptime.useQuery(undefined, { refetchInterval: 60_000 });
  // Steam is asked every 30 s; a 15-s refresh shows a change within one poll.
  const storePages = trpc.dashboard.storePages.useQuery(undefined, { refetchInterval: 15_000 });
  const admin = (stats.data?.userRole ?? user?.role) === "admin";
  // The machines' load, like the figures above: only admins ask (the server refuses the rest).
  const nodes = trpc.nodes.list.useQuery(undefined, { enabled: admin, refetchInterval: SYSTEM_INFO_POLL_MS });

  return (
    <Box p={{ base: 4, md: 8 }} maxW="7xl" mx="auto">
      <Stack gap="1" mb="8">
        <Heading size="2xl" letterSpacing="tight">
          {DASHBOARD.title}
        </Heading>
        <Text color="fg.muted">{admin ? DASHBOARD.subtitleAdmin : DASHBOARD.subtitleOther}</Text>
      </Stack>

      {stats.isError ? (
        <Alert.Root status="error" borderRadius="lg" mb="6">
          <Alert.Indicator />
          <Alert.Title>{DASHBOARD.loadFailed}</Alert.Title>
        </Alert.Root>
      ) : null}

      <Stack gap="6">
        {system.data ? (
          <SystemStatusPanel info={system.data} worstUptime={worstUptime.data} />
        ) : system.isLoading ? (
          <Skeleton h="150px" borderRadius="xl" />
        ) : null}

        {admin && nodes.data ? <NodesPanel nodes={nodes.data} /> : null}

        <StorePagePanel items={storePages.data ?? []} />

        {stats.data ? (
          <StatCards stats={stats.data} />
        ) : stats.isLoading ? (
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h="104px" borderRadius="xl" />
            ))}
          </SimpleGrid>
        ) : null}

        {admin && <AdminControls />}

        <Grid templateColumns={{ base: "1fr", lg: "3fr 2fr" }} gap="6" alignItems="stretch">
          {projects.isLoading ? (
            <Skeleton h="320px" borderRadius="xl" />
          ) : (
            <ProjectsPanel projects={projects.data ?? []} />
          )}
          {activity.isLoading ? (
            <Skeleton h="320px" borderRadius="xl" />
          ) : (
            <RecentActivity items={activity.data ?? []} />
          )}
        </Grid>

        {/* A failed figure leaves the panel out: the rest of the dashboard still stands. */}
        {storage.data ? <StoragePanel storage={storage.data} /> : null}
      </Stack>
    </Box>
  );
}
