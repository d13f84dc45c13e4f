import type { AppEnv } from "@server/platform/http/env";
import { idParam, queryParams, requireUser } from "@server/platform/http/request";
import { reviewsQuery } from "@shared/schemas/analytics-reviews";
import type { Hono } from "hono";
import { getReviews } from "./reviews";

// GET /analytics/reviews/{projectId}?days=n, answering what analytics.reviews does.
export function analyticsReviewsRest(api: Hono<AppEnv>) {
  api.get("/analytics/reviews/:projectId", (c) => {
    const { user } = requireUser(c);
    const q = queryParams(c, reviewsQuery);
    return c.json(getReviews(c.var.deps, user, { ...q, projectId: idParam(c, "projectId") }));
  });
}
