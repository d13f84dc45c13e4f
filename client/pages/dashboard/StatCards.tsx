import { SimpleGrid } from "@chakra-ui/react";
import { StatCard } from "@client/components/StatCard";
import { DASHBOARD } from "@client/messages/dashboard";
import type { DashboardStats } from "@shared/schemas/dashboard";
import {
  BroadcastIcon,
  BuildingIcon,
  CalendarIcon,
  ClockIcon,
  FilmIcon,
  FolderIcon,
  UsersIcon,
} from "./icons";

/** Four cards for everyone; admins also see Total Users, Organizations and Streams Today. */
export function StatCards({ stats }: { stats: DashboardStats }) {
  const admin = stats.userRole === "admin";
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4" data-testid="stat-cards">
      <StatCard
        label={DASHBOARD.activeStreams}
        value={stats.activeStreams}
        icon={BroadcastIcon}
        palette="green"
      />
      <StatCard
        label={admin ? DASHBOARD.totalProjects : DASHBOARD.yourProjects}
        value={stats.totalProjects}
        icon={FolderIcon}
        palette="blue"
      />
      <StatCard label={DASHBOARD.mediaFiles} value={stats.totalMediaFiles} icon={FilmIcon} palette="purple" />
      <StatCard
        label={DASHBOARD.streamHoursToday}
        value={stats.streamHours.toFixed(1)}
        icon={ClockIcon}
        palette="orange"
      />
      {admin && (
        <>
          <StatCard
            label={DASHBOARD.totalUsers}
            value={stats.totalUsers ?? 0}
            icon={UsersIcon}
            palette="cyan"
          />
          <StatCard
            label={DASHBOARD.organizations}
            value={stats.totalOrganizations ?? 0}
            icon={BuildingIcon}
            palette="pink"
          />
          <StatCard
            label={DASHBOARD.streamsToday}
            value={stats.streamsToday}
            icon={CalendarIcon}
            palette="teal"
          />
        </>
      )}
    </SimpleGrid>
  );
}
