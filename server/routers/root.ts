import { router } from "../trpc/init";
import { analyticsRouter } from "./analytics";
import { authRouter } from "./auth";
import { dashboardRouter } from "./dashboard";
import { healthRouter } from "./health";
import { mediaRouter } from "./media";
import { organizationsRouter } from "./organizations";
import { projectsRouter } from "./projects";
import { streamingRouter } from "./streaming";
import { usersRouter } from "./users";

// The router files hold only procedures that call services.
export const appRouter = router({
  auth: authRouter,
  projects: projectsRouter,
  organizations: organizationsRouter,
  users: usersRouter,
  media: mediaRouter,
  streaming: streamingRouter,
  dashboard: dashboardRouter,
  analytics: analyticsRouter,
  health: healthRouter,
});

export type AppRouter = typeof appRouter;
