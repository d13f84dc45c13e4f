import { analyticsExportRest } from "@server/features/analytics/export/rest";
import { analyticsRest } from "@server/features/analytics/rest";
import { analyticsReviewsRest } from "@server/features/analytics/reviews/rest";
import { analyticsSalesRest } from "@server/features/analytics/sales/rest";
import { wishlistsRest } from "@server/features/analytics/wishlists/rest";
import { authRest } from "@server/features/auth/calls";
import { dashboardRest } from "@server/features/dashboard/calls";
import { healthRest } from "@server/features/health/rest";
import { mediaRest } from "@server/features/media/rest";
import { organizationsRest } from "@server/features/organizations/calls";
import { projectsRest } from "@server/features/projects/calls";
import { schedulesRest } from "@server/features/schedules/rest";
import { playlistsRest } from "@server/features/streaming/playlists/rest";
import { streamingRest } from "@server/features/streaming/rest";
import { tokensRest } from "@server/features/tokens/calls";
import { usersRest } from "@server/features/users/calls";
import { webhooksRest } from "@server/features/webhooks/rest";
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
  analyticsReviewsRest(api);
  analyticsExportRest(api);
  webhooksRest(api);
  wishlistsRest(api);
  healthRest(api);
  tokensRest(api);
  openApiRest(api);
}
