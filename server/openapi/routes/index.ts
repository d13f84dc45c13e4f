import type { ApiArea } from "../registry";
import { analyticsArea } from "./analytics";
import { salesAnalyticsArea } from "./analytics-sales";
import { mediaArea, playlistsArea } from "./media";
import { organizationsArea, usersArea } from "./people";
import { projectsArea, webhooksArea } from "./projects";
import { sessionArea, systemArea } from "./session";
import { dashboardArea, schedulesArea, streamingArea } from "./streaming";
import { tokensArea } from "./tokens";

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
  analyticsArea,
  salesAnalyticsArea,
  webhooksArea,
  tokensArea,
  systemArea,
];
