import { call } from "@server/platform/api/call";
import { openApiRoutes, restRoutes, trpcRouter } from "@server/platform/api/derive";
import { apiArea } from "@server/platform/openapi/registry";
import {
  breakdownAnswer,
  breakdownInput,
  refundsAnswer,
  refundsInput,
  saleEventsAnswer,
  saleEventsInput,
} from "@shared/schemas/analytics-sales";
import { saleEvents } from "./sale-events";
import { salesBreakdown } from "./sales-breakdown";
import { refunds } from "./sales-refunds";

// A game's stored sales, broken down, scored per discount and checked for refunds; each call
// declared once.
const projectPath = { projectId: "projectId" };

export const salesCalls = {
  breakdown: call({
    auth: "user",
    input: breakdownInput,
    rest: { method: "get", path: "/analytics/sales-breakdown/:projectId", params: projectPath },
    doc: {
      summary: "Gross, returns, net, units and refund rate per country, platform, package or discount",
      answer: { description: "One row per group; the rows sum to the totals.", schema: breakdownAnswer },
      errors: [400],
    },
    handler: ({ deps, user }, input) => salesBreakdown(deps, user, input),
  }),
  saleEvents: call({
    auth: "user",
    input: saleEventsInput,
    // No parameters, yet the query is read, so one the address does not take is refused.
    rest: { method: "get", path: "/analytics/sale-events/:projectId", params: projectPath, from: "query" },
    doc: {
      summary: "A scorecard for each discount period found in the sales",
      answer: { description: "The events, newest first.", schema: saleEventsAnswer },
      errors: [400],
    },
    handler: ({ deps, user }, input) => saleEvents(deps, user, input),
  }),
  refunds: call({
    auth: "user",
    input: refundsInput,
    rest: { method: "get", path: "/analytics/refunds/:projectId", params: projectPath },
    doc: {
      summary: "Refund rate per day (spikes marked) and per package",
      answer: { description: "Days oldest first, packages by net revenue.", schema: refundsAnswer },
      errors: [400],
    },
    handler: ({ deps, user }, input) => refunds(deps, user, input),
  }),
};

export const analyticsSalesRouter = trpcRouter(salesCalls);
export const analyticsSalesRest = restRoutes(salesCalls);
export const salesAnalyticsArea = apiArea(
  "Sales analytics",
  "A game's stored Steam sales, broken down, scored per discount and checked for refunds.",
  openApiRoutes(salesCalls),
);
