import type { AppEnv } from "@server/platform/http/env";
import { queryParams, requireUser } from "@server/platform/http/request";
import { clearEndedQuery } from "@shared/schemas/streaming";
import type { Hono } from "hono";
import * as dashboard from "./dashboard";

// The dashboard's calls.
export function dashboardRest(api: Hono<AppEnv>) {
  api.get("/dashboard/stats", (c) => c.json(dashboard.dashboardStats(c.var.deps, requireUser(c).user)));
  api.get("/dashboard/recent-activity", (c) =>
    c.json(dashboard.recentActivity(c.var.deps, requireUser(c).user)),
  );
  api.delete("/dashboard/clear-ended-streams", (c) => {
    const { user } = requireUser(c);
    const target = queryParams(c, clearEndedQuery);
    return c.json(dashboard.clearEndedStreams(c.var.deps, user, target));
  });
}
