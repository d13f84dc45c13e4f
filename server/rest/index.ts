import type { Hono } from "hono";
import type { AppEnv } from "../http/env";
import { analyticsRest } from "./analytics";
import { analyticsExportRest } from "./analytics-export";
import { analyticsReviewsRest } from "./analytics-reviews";
import { analyticsSalesRest } from "./analytics-sales";
import { authRest } from "./auth";
import { dashboardRest } from "./dashboard";
import { healthRest } from "./health";
import { mediaRest } from "./media";
import { openApiRest } from "./openapi";
import { organizationsRest } from "./organizations";
import { playlistsRest } from "./playlists";
import { projectsRest } from "./projects";
import { schedulesRest } from "./schedules";
import { streamingRest } from "./streaming";
import { tokensRest } from "./tokens";
import { usersRest } from "./users";
import { webhooksRest } from "./webhooks";
import { wishlistsRest } from "./wishlists";

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
