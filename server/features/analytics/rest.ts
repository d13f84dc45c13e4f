import { testFinancialApi } from "@server/features/analytics/financial/api-check";
import * as financial from "@server/features/analytics/financial/financial";
import type { AppEnv } from "@server/platform/http/env";
import { idParam, jsonBody, queryParams, requireUser } from "@server/platform/http/request";
import {
  allAppsSyncInput,
  newsQuery,
  overviewQuery,
  searchQuery,
  settingsBody,
  syncInput,
  testFinancialApiQuery,
} from "@shared/schemas/analytics";
import type { Hono } from "hono";
import * as analytics from "./analytics";

const daysBody = syncInput.pick({ days: true });

// The /analytics/* calls, answering what the tRPC procedures do.
export function analyticsRest(api: Hono<AppEnv>) {
  api.get("/analytics/news/:id", async (c) => {
    const { user } = requireUser(c);
    const q = queryParams(c, newsQuery);
    return c.json(await analytics.getNews(c.var.deps, user, { ...q, projectId: idParam(c) }));
  });
  api.get("/analytics/project-overview/:id", (c) => {
    const { user } = requireUser(c);
    const q = queryParams(c, overviewQuery);
    return c.json(analytics.getOverview(c.var.deps, user, { ...q, projectId: idParam(c) }));
  });
  // The syncs run as jobs; a script waits here for the job (or the running one it joins) to end
  // and gets its result, as when the sync ran inside the request.
  api.post("/analytics/steam/sync-historical/:id", async (c) => {
    const { user } = requireUser(c);
    const { days } = await jsonBody(c, daysBody);
    return c.json(await analytics.syncSteam(c.var.deps, user, { projectId: idParam(c), days }).finished);
  });
  api.post("/analytics/financial/sync-historical/:id", async (c) => {
    const { user } = requireUser(c);
    const { days } = await jsonBody(c, daysBody);
    const job = financial.syncFinancialPeriod(c.var.deps, user, { projectId: idParam(c), days });
    return c.json(await job.finished);
  });
  api.post("/analytics/financial/fetch-recent/:id", async (c) => {
    const { user } = requireUser(c);
    return c.json(await financial.syncFinancialRecent(c.var.deps, user, { projectId: idParam(c) }).finished);
  });
  api.post("/analytics/financial/fetch-all-history/:id", async (c) => {
    const { user } = requireUser(c);
    return c.json(await financial.syncFinancialHistory(c.var.deps, user, { projectId: idParam(c) }).finished);
  });
  api.post("/analytics/financial/fetch-all-apps", async (c) => {
    const { user } = requireUser(c);
    const input = await jsonBody(c, allAppsSyncInput);
    return c.json(await financial.syncAllApps(c.var.deps, user, input).finished);
  });
  api.get("/analytics/steam/test-financial-api", async (c) => {
    const { user } = requireUser(c);
    return c.json(await testFinancialApi(c.var.deps, user, queryParams(c, testFinancialApiQuery)));
  });
  api.get("/analytics/steam/search", async (c) => {
    requireUser(c);
    return c.json({ results: await analytics.searchGames(c.var.deps, queryParams(c, searchQuery)) });
  });
  api.get("/analytics/settings/:projectId", (c) => {
    const { user } = requireUser(c);
    return c.json(analytics.getSettings(c.var.deps, user, { projectId: idParam(c, "projectId") }));
  });
  api.put("/analytics/settings/:projectId", async (c) => {
    const { user } = requireUser(c);
    const body = await jsonBody(c, settingsBody);
    return c.json(
      analytics.updateSettings(c.var.deps, user, { ...body, projectId: idParam(c, "projectId") }),
    );
  });
}
