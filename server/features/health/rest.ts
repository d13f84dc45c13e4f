import type { AppEnv } from "@server/platform/http/env";
import { idParam, queryParams, requireUser } from "@server/platform/http/request";
import { healthQuery, uptimeQuery } from "@shared/schemas/health";
import type { Hono } from "hono";
import * as health from "./health";

// The health timeline and uptime calls. Each adapter: parse, call the service, answer.
export function healthRest(api: Hono<AppEnv>) {
  api.get("/streams/:id/health", (c) => {
    const { user } = requireUser(c);
    const id = idParam(c);
    const { hours } = queryParams(c, healthQuery);
    return c.json(health.streamHealth(c.var.deps, user, id, hours));
  });
  api.get("/destinations/:id/uptime", (c) => {
    const { user } = requireUser(c);
    const id = idParam(c);
    const { days } = queryParams(c, uptimeQuery);
    return c.json(health.destinationUptime(c.var.deps, user, id, days));
  });
  api.get("/dashboard/worst-uptime", (c) => c.json(health.worstUptime(c.var.deps, requireUser(c).user)));
}
