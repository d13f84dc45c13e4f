import type { Hono } from "hono";
import type { AppEnv } from "../http/env";
import { analyticsRest } from "./analytics";
import { authRest } from "./auth";
import { dashboardRest } from "./dashboard";
import { healthRest } from "./health";
import { mediaRest } from "./media";
import { organizationsRest } from "./organizations";
import { projectsRest } from "./projects";
import { streamingRest } from "./streaming";
import { usersRest } from "./users";

// Order matters only where paths overlap: /media/config and /media/stream/:id before /media/:projectId.
export function registerRest(api: Hono<AppEnv>) {
  authRest(api);
  projectsRest(api);
  organizationsRest(api);
  usersRest(api);
  mediaRest(api);
  streamingRest(api);
  dashboardRest(api);
  analyticsRest(api);
  healthRest(api);
}
