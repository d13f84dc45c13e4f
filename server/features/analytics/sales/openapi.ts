import { apiArea } from "@server/platform/openapi/registry";
import {
  breakdownAnswer,
  breakdownQuery,
  refundsAnswer,
  refundsQuery,
  saleEventsAnswer,
  saleEventsQuery,
} from "@shared/schemas/analytics-sales";

export const salesAnalyticsArea = apiArea(
  "Sales analytics",
  "A game's stored Steam sales, broken down, scored per discount and checked for refunds.",
  [
    {
      method: "get",
      path: "/analytics/sales-breakdown/:projectId",
      summary: "Gross, returns, net, units and refund rate per country, platform, package or discount",
      query: breakdownQuery,
      answer: { description: "One row per group; the rows sum to the totals.", schema: breakdownAnswer },
      errors: [400],
    },
    {
      method: "get",
      path: "/analytics/sale-events/:projectId",
      summary: "A scorecard for each discount period found in the sales",
      query: saleEventsQuery,
      answer: { description: "The events, newest first.", schema: saleEventsAnswer },
      errors: [400],
    },
    {
      method: "get",
      path: "/analytics/refunds/:projectId",
      summary: "Refund rate per day (spikes marked) and per package",
      query: refundsQuery,
      answer: { description: "Days oldest first, packages by net revenue.", schema: refundsAnswer },
      errors: [400],
    },
  ],
);
