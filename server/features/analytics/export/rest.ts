import { getTimeline } from "@server/features/analytics/timeline/timeline";
import type { AppEnv } from "@server/platform/http/env";
import { idParam, queryParams, requireUser } from "@server/platform/http/request";
import { exportQuery } from "@shared/schemas/analytics-export";
import { timelineQuery } from "@shared/schemas/analytics-timeline";
import type { Hono } from "hono";
import { exportFile } from "./export";

// The export download (a streamed file, so REST only; tRPC has the link procedure) and the timeline.
export function analyticsExportRest(api: Hono<AppEnv>) {
  api.get("/analytics/export/:projectId", (c) => {
    const { user } = requireUser(c);
    const q = queryParams(c, exportQuery);
    const file = exportFile(c.var.deps, user, { ...q, projectId: idParam(c, "projectId") });
    return new Response(file.body, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.filename}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
  api.get("/analytics/timeline/:projectId", (c) => {
    const { user } = requireUser(c);
    const q = queryParams(c, timelineQuery);
    return c.json(getTimeline(c.var.deps, user, { ...q, projectId: idParam(c, "projectId") }));
  });
}
