import { storePagesInScope } from "@server/features/streaming";
import { call } from "@server/platform/api/call";
import { openApiRoutes, restRoutes, trpcRouter } from "@server/platform/api/derive";
import { apiArea } from "@server/platform/openapi/registry";
import { activityItem, clearedStreams, dashboardStatsAnswer } from "@shared/schemas/dashboard";
import { storageOverview as storageAnswer } from "@shared/schemas/media-library";
import { storePageOverview } from "@shared/schemas/store-page";
import { clearEndedInput } from "@shared/schemas/streaming";
import * as dashboard from "./dashboard";

// The home screen's calls, each declared once.
export const dashboardCalls = {
  stats: call({
    auth: "user",
    rest: { method: "get", path: "/dashboard/stats" },
    doc: {
      summary: "Counts for the user's projects (admins: everything)",
      answer: { description: "The dashboard's figures.", schema: dashboardStatsAnswer },
    },
    handler: ({ deps, user }) => dashboard.dashboardStats(deps, user),
  }),
  recentActivity: call({
    auth: "user",
    rest: { method: "get", path: "/dashboard/recent-activity" },
    doc: {
      summary: "Recent streams and uploads",
      answer: { description: "Activity items, newest first.", schema: activityItem.array() },
    },
    handler: ({ deps, user }) => dashboard.recentActivity(deps, user),
  }),
  storePages: call({
    auth: "user",
    rest: { method: "get", path: "/dashboard/store-pages" },
    doc: {
      summary: "Whether Steam shows each live stream to a Steam destination, for the user's projects",
      answer: { description: "One entry per live Steam stream.", schema: storePageOverview.array() },
    },
    handler: ({ deps, user }) => storePagesInScope(deps, user),
  }),
  storage: call({
    auth: "user",
    rest: { method: "get", path: "/dashboard/storage" },
    doc: {
      summary: "The disk media takes, per project and in total, for the user's projects (admins: everything)",
      answer: { description: "Projects largest first, and their sum.", schema: storageAnswer },
    },
    handler: ({ deps, user }) => dashboard.storageInScope(deps, user),
  }),
  /** Admin only; the service answers 403 for others, with its own message. */
  clearEndedStreams: call({
    auth: "user",
    input: clearEndedInput,
    rest: { method: "delete", path: "/dashboard/clear-ended-streams" },
    doc: {
      summary: "Clear ended streams of one project (`projectId`) or, for admins, all (`scope=all`)",
      answer: { description: "How many were removed.", schema: clearedStreams },
      errors: [403, 404],
    },
    handler: ({ deps, user }, target) => dashboard.clearEndedStreams(deps, user, target),
  }),
};

export const dashboardRouter = trpcRouter(dashboardCalls);
export const dashboardRest = restRoutes(dashboardCalls);
export const dashboardArea = apiArea(
  "Dashboard",
  "Figures and activity for the home screen.",
  openApiRoutes(dashboardCalls),
);
