import type { Hono } from "hono";
import { ANALYTICS } from "../../shared/messages/analytics";
import {
  fetchAllAppsInput,
  newsQuery,
  overviewQuery,
  searchQuery,
  settingsBody,
  syncInput,
  testFinancialApiQuery,
} from "../../shared/schemas/analytics";
import { badRequest, forbidden } from "../errors";
import type { AppEnv } from "../http/env";
import { idParam, jsonBody, queryParams, requireUser } from "../http/request";
import * as analytics from "../services/analytics";
import * as financial from "../services/analytics-financial";

const daysBody = syncInput.pick({ days: true });

// Spec 2 section 7 and spec 1 section 7: the /analytics/* calls, answering what the tRPC procedures do.
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
  api.post("/analytics/steam/sync-historical/:id", async (c) => {
    const { user } = requireUser(c);
    const { days } = await jsonBody(c, daysBody);
    return c.json(await analytics.syncSteam(c.var.deps, user, { projectId: idParam(c), days }));
  });
  api.post("/analytics/financial/sync-historical/:id", async (c) => {
    const { user } = requireUser(c);
    const { days } = await jsonBody(c, daysBody);
    return c.json(await financial.syncFinancialPeriod(c.var.deps, user, { projectId: idParam(c), days }));
  });
  api.post("/analytics/financial/fetch-recent/:id", async (c) => {
    const { user } = requireUser(c);
    return c.json(await financial.fetchRecent(c.var.deps, user, { projectId: idParam(c) }));
  });
  api.post("/analytics/financial/fetch-all-history/:id", async (c) => {
    const { user } = requireUser(c);
    return c.json(await financial.fetchAllHistory(c.var.deps, user, { projectId: idParam(c) }));
  });
  api.post("/analytics/financial/fetch-all-apps", async (c) => {
    const { user } = requireUser(c);
    if (user.role !== "admin") throw forbidden("Administrator privileges required");
    return c.json(await financial.fetchAllApps(c.var.deps, await jsonBody(c, fetchAllAppsInput)));
  });
  api.get("/analytics/steam/test-financial-api", async (c) => {
    const { user } = requireUser(c);
    const q = queryParams(c, testFinancialApiQuery);
    if (q.appId === undefined) throw badRequest(ANALYTICS.testAppIdRequired);
    return c.json(
      await financial.testFinancialApi(c.var.deps, user, { appId: q.appId, partnerId: q.partnerId }),
    );
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
