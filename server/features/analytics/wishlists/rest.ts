import type { AppEnv } from "@server/platform/http/env";
import { idParam, queryParams, requireUser } from "@server/platform/http/request";
import { wishlistsQuery } from "@shared/schemas/wishlists";
import type { Hono } from "hono";
import { getWishlists } from "./wishlists";

// GET /analytics/wishlists/{projectId}: the wishlists card's answer, as analytics.wishlists gives it.
export function wishlistsRest(api: Hono<AppEnv>) {
  api.get("/analytics/wishlists/:projectId", (c) => {
    const { user } = requireUser(c);
    const { days } = queryParams(c, wishlistsQuery);
    return c.json(getWishlists(c.var.deps, user, { projectId: idParam(c, "projectId"), days }));
  });
}
