import { router } from "../trpc/init";
import { analyticsRouter } from "./analytics";
import { analyticsExportRouter } from "./analytics-export";
import { analyticsSalesRouter } from "./analytics-sales";
import { authRouter } from "./auth";
import { dashboardRouter } from "./dashboard";
import { healthRouter } from "./health";
import { mediaRouter } from "./media";
import { organizationsRouter } from "./organizations";
import { playlistsRouter } from "./playlists";
import { projectsRouter } from "./projects";
import { schedulesRouter } from "./schedules";
import { streamingRouter } from "./streaming";
import { tokensRouter } from "./tokens";
import { usersRouter } from "./users";
import { webhooksRouter } from "./webhooks";

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
  tokens: tokensRouter,
});

export type AppRouter = typeof appRouter;
