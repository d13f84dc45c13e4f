import { analyticsArea } from "@server/features/analytics/openapi";
import { salesAnalyticsArea } from "@server/features/analytics/sales/openapi";
import { sessionArea } from "@server/features/auth/calls";
import { dashboardArea } from "@server/features/dashboard/calls";
import { mediaArea, playlistsArea } from "@server/features/media/openapi";
import { organizationsArea } from "@server/features/organizations/calls";
import { projectsArea } from "@server/features/projects/calls";
import { webhooksArea } from "@server/features/projects/openapi";
import { schedulesArea, streamingArea, worstUptimeArea } from "@server/features/streaming/openapi";
import { tokensArea } from "@server/features/tokens/calls";
import { usersArea } from "@server/features/users/calls";
import type { ApiArea } from "@server/platform/openapi/registry";
import { systemArea } from "./system-area";

/** Every REST area, in the order the reference page lists them. A new area is one more entry. */
export const API_AREAS: ApiArea[] = [
  sessionArea,
  projectsArea,
  organizationsArea,
  usersArea,
  mediaArea,
  playlistsArea,
  streamingArea,
  schedulesArea,
  dashboardArea,
  worstUptimeArea,
  analyticsArea,
  salesAnalyticsArea,
  webhooksArea,
  tokensArea,
  systemArea,
];
