import type { AppEnv } from "@server/platform/http/env";
import { idParam, queryParams, requireUser } from "@server/platform/http/request";
import { breakdownQuery, refundsQuery, saleEventsQuery } from "@shared/schemas/analytics-sales";
import type { Hono } from "hono";
import { saleEvents } from "./sale-events";
import { salesBreakdown } from "./sales-breakdown";
import { refunds } from "./sales-refunds";

// Sales breakdowns, sale events and refunds: what the tRPC procedures answer, read from stored sales.
export function analyticsSalesRest(api: Hono<AppEnv>) {
  api.get("/analytics/sales-breakdown/:projectId", (c) => {
    const { user } = requireUser(c);
    const q = queryParams(c, breakdownQuery);
    return c.json(salesBreakdown(c.var.deps, user, { ...q, projectId: idParam(c, "projectId") }));
  });
  api.get("/analytics/sale-events/:projectId", (c) => {
    const { user } = requireUser(c);
    queryParams(c, saleEventsQuery);
    return c.json(saleEvents(c.var.deps, user, { projectId: idParam(c, "projectId") }));
  });
  api.get("/analytics/refunds/:projectId", (c) => {
    const { user } = requireUser(c);
    const q = queryParams(c, refundsQuery);
    return c.json(refunds(c.var.deps, user, { ...q, projectId: idParam(c, "projectId") }));
  });
}
