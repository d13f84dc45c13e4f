import type { Hono } from "hono";
import { reviewsQuery } from "../../shared/schemas/analytics-reviews";
import type { AppEnv } from "../http/env";
import { idParam, queryParams, requireUser } from "../http/request";
import { getReviews } from "../services/analytics-reviews";

// GET /analytics/reviews/{projectId}?days=n, answering what analytics.reviews does.
export function analyticsReviewsRest(api: Hono<AppEnv>) {
  api.get("/analytics/reviews/:projectId", (c) => {
    const { user } = requireUser(c);
    const q = queryParams(c, reviewsQuery);
    return c.json(getReviews(c.var.deps, user, { ...q, projectId: idParam(c, "projectId") }));
  });
}
