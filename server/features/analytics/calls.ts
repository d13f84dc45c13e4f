import { anomalyCalls } from "@server/features/analytics/anomalies/calls";
import { digestCalls } from "@server/features/analytics/digest/calls";
import { exportFileRest, exportFileRoute } from "@server/features/analytics/export/file-route";
import { financialCalls } from "@server/features/analytics/financial/calls";
import { reviewsCalls } from "@server/features/analytics/reviews/calls";
import { timelineCalls } from "@server/features/analytics/timeline/calls";
import { watchlistCalls } from "@server/features/analytics/watchlist/calls";
import { wishlistCalls } from "@server/features/analytics/wishlists/calls";
import { call, consoleCall } from "@server/platform/api/call";
import { openApiRoutes, restRoutes, trpcRouter } from "@server/platform/api/derive";
import type { AppEnv } from "@server/platform/http/env";
import { apiArea } from "@server/platform/openapi/registry";
import {
  newsInput,
  overviewInput,
  projectOnlyInput,
  searchInput,
  settingsInput,
  syncInput,
  updateSettingsInput,
} from "@shared/schemas/analytics";
import { analyticsOverviewAnswer } from "@shared/schemas/analytics-answer-schemas";
import { jobInput } from "@shared/schemas/jobs";
import type { Hono } from "hono";
import * as analytics from "./analytics";
import { syncCall } from "./sync-calls";
import * as syncJobs from "./sync-jobs";

// The analytics tab's calls, each declared once; its sub-areas declare theirs beside their
// services. Access and role checks live in the services, so both transports get the same rules.
const idPath = { id: "projectId" };
const projectPath = { projectId: "projectId" };

const steamCalls = {
  news: call({
    auth: "user",
    input: newsInput,
    rest: { method: "get", path: "/analytics/news/:id", params: idPath },
    doc: {
      summary: "The game's latest Steam news",
      answer: { description: "News items and a summary." },
      errors: [502],
    },
    handler: ({ deps, user }, input) => analytics.getNews(deps, user, input),
  }),
  overview: call({
    auth: "user",
    input: overviewInput,
    rest: { method: "get", path: "/analytics/project-overview/:id", params: idPath },
    doc: {
      summary: "Players, achievements, news and (when enabled) sales over the last days",
      answer: { description: "The overview.", schema: analyticsOverviewAnswer },
    },
    handler: ({ deps, user }, input) => analytics.getOverview(deps, user, input),
  }),
  ...reviewsCalls,
  syncSteam: syncCall({
    input: syncInput,
    path: "/analytics/steam/sync-historical/:id",
    summary: "Fetch Steam player figures now",
    start: analytics.syncSteam,
  }),
};

const settingsCalls = {
  search: call({
    auth: "user",
    input: searchInput,
    rest: { method: "get", path: "/analytics/steam/search" },
    doc: {
      summary: "Search Steam's games by name",
      answer: { description: "`{ results }`: matching games." },
      errors: [502],
    },
    handler: async ({ deps }, input) => ({ results: await analytics.searchGames(deps, input) }),
  }),
  ...wishlistCalls,
  ...watchlistCalls,
  settings: call({
    auth: "user",
    input: settingsInput,
    rest: { method: "get", path: "/analytics/settings/:projectId", params: projectPath },
    doc: { summary: "A project's analytics settings", answer: { description: "The settings." } },
    handler: ({ deps, user }, input) => analytics.getSettings(deps, user, input),
  }),
  updateSettings: call({
    auth: "user",
    input: updateSettingsInput,
    rest: { method: "put", path: "/analytics/settings/:projectId", params: projectPath },
    doc: {
      summary: "Change a project's analytics settings",
      answer: { description: "The saved settings." },
      errors: [403],
    },
    handler: ({ deps, user }, input) => analytics.updateSettings(deps, user, input),
  }),
};

/** The console polls the sync jobs it started; scripts wait on the sync call itself instead. */
const jobCalls = {
  syncJob: consoleCall({
    auth: "user",
    input: jobInput,
    kind: "query",
    handler: ({ deps, user }, input) => syncJobs.getSyncJob(deps, user, input),
  }),
  projectSyncJobs: consoleCall({
    auth: "user",
    input: projectOnlyInput,
    kind: "query",
    handler: ({ deps, user }, input) => syncJobs.projectSyncJobs(deps, user, input),
  }),
  allAppsSyncJob: consoleCall({
    auth: "user",
    kind: "query",
    handler: ({ deps, user }) => syncJobs.allAppsSyncJob(deps, user),
  }),
};

/** In the order the reference page lists them. */
const analyticsCalls = {
  ...steamCalls,
  ...financialCalls,
  ...settingsCalls,
  ...anomalyCalls,
  ...digestCalls,
};

export const analyticsRouter = trpcRouter({ ...analyticsCalls, ...jobCalls });

export function analyticsRest(api: Hono<AppEnv>) {
  restRoutes(analyticsCalls)(api);
  exportFileRest(api);
  restRoutes(timelineCalls)(api);
}

export const analyticsArea = apiArea("Analytics", "Steam players, news and sales for a project's game.", [
  ...openApiRoutes(analyticsCalls),
  exportFileRoute,
  ...openApiRoutes(timelineCalls),
]);
