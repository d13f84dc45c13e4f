import { analyticsArea } from "@server/features/analytics/calls";
import { salesAnalyticsArea } from "@server/features/analytics/sales/calls";
import { sessionArea } from "@server/features/auth/calls";
import { dashboardArea } from "@server/features/dashboard/calls";
import { streamHealthArea, worstUptimeArea } from "@server/features/health/calls";
import { mediaArea } from "@server/features/media/calls";
import { nodesArea } from "@server/features/nodes/calls";
import { organizationsArea } from "@server/features/organizations/calls";
import { projectsArea } from "@server/features/projects/calls";
import { schedulesArea } from "@server/features/schedules/calls";
import { streamingArea } from "@server/features/streaming/calls";
import { playlistsArea } from "@server/features/streaming/playlists/calls";
import { tokensArea } from "@server/features/tokens/calls";
import { usersArea } from "@server/features/users/calls";
import { webhooksArea } from "@server/features/webhooks/calls";
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
  streamHealthArea,
  schedulesArea,
  dashboardArea,
  worstUptimeArea,
  nodesArea,
  analyticsArea,
  salesAnalyticsArea,
  webhooksArea,
  tokensArea,
  systemArea,
];
