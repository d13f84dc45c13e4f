import type { AppEnv } from "@server/platform/http/env";
import { idParam, jsonBody, queryParams, requireUser } from "@server/platform/http/request";
import {
  listOrganizationsInput,
  organizationBody,
  organizationUpdateBody,
} from "@shared/schemas/organizations";
import type { Hono } from "hono";
import * as organizations from "./organizations";

// GET/POST /organizations, PUT/DELETE /organizations/{id}.
export function organizationsRest(api: Hono<AppEnv>) {
  api.get("/organizations", (c) => {
    const { user } = requireUser(c);
    return c.json(organizations.listOrganizations(c.var.deps, user, queryParams(c, listOrganizationsInput)));
  });
  api.post("/organizations", async (c) => {
    const { user } = requireUser(c);
    return c.json(
      organizations.createOrganization(c.var.deps, user, await jsonBody(c, organizationBody)),
      201,
    );
  });
  api.put("/organizations/:id", async (c) => {
    const { user } = requireUser(c);
    const id = idParam(c);
    const body = await jsonBody(c, organizationUpdateBody);
    return c.json(organizations.updateOrganization(c.var.deps, user, { id, ...body }));
  });
  api.delete("/organizations/:id", (c) => {
    const { user } = requireUser(c);
    return c.json(organizations.deleteOrganization(c.var.deps, user, idParam(c)));
  });
}
