// Spec 1 section 2: the application shell, guard and navigation.
export const SHELL = {
  productTitle: "Stream Console",
  verifying: "Verifying authentication...",
  connectionError: "Server Connection Error",
  retryConnection: "Retry Connection",
  selectProjectFirst: "Select a project first",
  selectProjectTag: "Select project",
  soonTag: "Soon",
  comingSoon: "Coming Soon",
  selectProjectTitle: "Select Project",
  noProjectsAvailable: "No projects available",
  manageProjects: "→ Manage Projects",
  signOut: "Sign Out",
  close: "Close",
} as const;
