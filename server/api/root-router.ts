import { analyticsRouter } from "@server/features/analytics/calls";
import { analyticsExportRouter } from "@server/features/analytics/export/calls";
import { analyticsSalesRouter } from "@server/features/analytics/sales/calls";
import { authRouter } from "@server/features/auth/calls";
import { dashboardRouter } from "@server/features/dashboard/calls";
import { healthRouter } from "@server/features/health/calls";
import { mediaRouter } from "@server/features/media/calls";
import { nodesRouter } from "@server/features/nodes/calls";
import { organizationsRouter } from "@server/features/organizations/calls";
import { projectsRouter } from "@server/features/projects/calls";
import { schedulesRouter } from "@server/features/schedules/calls";
import { streamingRouter } from "@server/features/streaming/calls";
import { playlistsRouter } from "@server/features/streaming/playlists/calls";
import { tokensRouter } from "@server/features/tokens/calls";
import { usersRouter } from "@server/features/users/calls";
import { webhooksRouter } from "@server/features/webhooks/calls";
import { router } from "@server/platform/trpc/init";

// The router files hold only procedures that call services.
export const appRouter = router({
  auth: authRouter,
  projects: projectsRouter,
  organizations: organizationsRouter,
  users: usersRouter,
  media: mediaRouter,
  streaming: streamingRouter,
  playlists: playlistsRouter,
  schedules: schedulesRouter,
  dashboard: dashboardRouter,
  analytics: analyticsRouter,
  analyticsSales: analyticsSalesRouter,
  analyticsExport: analyticsExportRouter,
  webhooks: webhooksRouter,
  health: healthRouter,
  nodes: nodesRouter,
  tokens: tokensRouter,
});

export type AppRouter = typeof appRouter;
