import { analyticsRest } from "@server/features/analytics/calls";
import { analyticsSalesRest } from "@server/features/analytics/sales/calls";
import { authRest } from "@server/features/auth/calls";
import { dashboardRest } from "@server/features/dashboard/calls";
import { healthRest } from "@server/features/health/calls";
import { mediaRest } from "@server/features/media/calls";
import { nodesRest } from "@server/features/nodes/calls";
import { organizationsRest } from "@server/features/organizations/calls";
import { projectsRest } from "@server/features/projects/calls";
import { schedulesRest } from "@server/features/schedules/calls";
import { streamingRest } from "@server/features/streaming/calls";
import { playlistsRest } from "@server/features/streaming/playlists/calls";
import { tokensRest } from "@server/features/tokens/calls";
import { usersRest } from "@server/features/users/calls";
import { webhooksRest } from "@server/features/webhooks/calls";
import type { AppEnv } from "@server/platform/http/env";
import type { Hono } from "hono";
import { openApiRest } from "./openapi-rest";

// Order matters only where paths overlap: /media/config and /media/stream/:id before /media/:id.
export function registerRest(api: Hono<AppEnv>) {
  authRest(api);
  projectsRest(api);
  organizationsRest(api);
  usersRest(api);
  mediaRest(api);
  streamingRest(api);
  playlistsRest(api);
  schedulesRest(api);
  dashboardRest(api);
  analyticsRest(api);
  analyticsSalesRest(api);
  webhooksRest(api);
  healthRest(api);
  nodesRest(api);
  tokensRest(api);
  openApiRest(api);
}
