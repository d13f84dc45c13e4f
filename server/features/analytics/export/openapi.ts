import type { ApiRoute } from "@server/platform/openapi/registry";
import { exportQuery } from "@shared/schemas/analytics-export";
import { timelineAnswer, timelineQuery } from "@shared/schemas/analytics-timeline";

export const analyticsExportRoutes: ApiRoute[] = [
  {
    method: "get",
    path: "/analytics/export/:projectId",
    summary: "Download stored sales, players, wishlists or reviews as CSV or JSON",
    query: exportQuery,
    answer: {
      description:
        "A file (Content-Disposition: attachment), streamed. CSV: a header row, RFC 4180 quoting, money in dollars with two decimals. JSON: an array of objects, money in integer cents.",
      contentType: "text/csv",
    },
  },
  {
    method: "get",
    path: "/analytics/timeline/:projectId",
    summary: "Net revenue, player peak, wishlist adds, review percent and broadcast time per day",
    query: timelineQuery,
    answer: { description: "One row per day, and the sale events in the period.", schema: timelineAnswer },
  },
];
