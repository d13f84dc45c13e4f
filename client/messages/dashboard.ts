// Every text of the Dashboard.
export const DASHBOARD = {
  title: "Dashboard",
  subtitleAdmin: "System Overview",
  subtitleOther: "Your Project Overview",
  storePages: "Steam store pages",
  storePagesHint: "Whether Steam shows each live Steam broadcast on its game's store page.",
  systemStatus: "System Status",
  activeStreams: "Active Streams",
  cpuUsage: "CPU Usage",
  memory: "Memory (RSS)",
  streamsToday: "Streams Today",
  yourActiveStreams: "Your Active Streams",
  yourStreamsToday: "Your Streams Today",
  ownFiguresHint: "Streams of your projects",
  failedTodayWarning: (n: number) => `${n} stream${n === 1 ? "" : "s"} failed today`,
  totalProjects: "Total Projects",
  yourProjects: "Your Projects",
  mediaFiles: "Media Files",
  streamHoursToday: "Stream Hours Today",
  totalUsers: "Total Users",
  organizations: "Organizations",
  projects: "Projects",
  noDescription: "No description provided",
  manage: "Manage",
  stream: "Stream",
  noProjects: "No projects found",
  createFirstProject: "Create your first project",
  recentActivity: "Recent Activity",
  streamActivity: (media: string, destination: string) => `Stream: ${media} → ${destination}`,
  mediaUploaded: (name: string) => `Media uploaded: ${name}`,
  noActivity: "No recent activity",
  loadFailed: "Failed to load dashboard data",
} as const;

/** Capacity bar colours: above 80 % red, above 60 % yellow, else green. */
export function capacityColor(percent: number): "red" | "yellow" | "green" {
  if (percent > 80) return "red";
  if (percent > 60) return "yellow";
  return "green";
}
