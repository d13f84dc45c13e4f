import type { AppEnv } from "@server/platform/http/env";
import { idParam, queryParams, requireUser } from "@server/platform/http/request";
import type { ApiRoute } from "@server/platform/openapi/registry";
import { exportQuery } from "@shared/schemas/analytics-export";
import type { Hono } from "hono";
import { exportFile } from "./export";

// The export download: a file streamed as it is written, not one JSON value, so it stays
// hand-written (named in HAND_WRITTEN) with its document entry beside it.
export function exportFileRest(api: Hono<AppEnv>) {
  api.get("/analytics/export/:projectId", async (c) => {
    const { user } = requireUser(c);
    const q = queryParams(c, exportQuery);
    const file = await exportFile(c.var.deps, user, { ...q, projectId: idParam(c, "projectId") });
    return new Response(file.body, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.filename}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
}

export const exportFileRoute: ApiRoute = {
  method: "get",
  path: "/analytics/export/:projectId",
  summary: "Download stored sales, players, wishlists or reviews as CSV or JSON",
  query: exportQuery,
  answer: {
    description:
      "A file (Content-Disposition: attachment), streamed. CSV: a header row, RFC 4180 quoting, money in dollars with two decimals. JSON: an array of objects, money in integer cents.",
    contentType: "text/csv",
  },
};
