import type { Hono } from "hono";
import type { AppEnv } from "../http/env";
import { requireUser } from "../http/request";
import * as dashboard from "../services/dashboard";

// The dashboard's calls.
export function dashboardRest(api: Hono<AppEnv>) {
  api.get("/dashboard/stats", (c) => c.json(dashboard.dashboardStats(c.var.deps, requireUser(c).user)));
  api.get("/dashboard/recent-activity", (c) =>
    c.json(dashboard.recentActivity(c.var.deps, requireUser(c).user)),
  );
  api.delete("/dashboard/clear-ended-streams", (c) =>
    c.json(dashboard.clearEndedStreams(c.var.deps, requireUser(c).user)),
  );
}
