import type { AppEnv } from "@server/platform/http/env";
import { idParam, jsonBody, requireUser } from "@server/platform/http/request";
import { createWebhookBody, updateWebhookBody } from "@shared/schemas/webhooks";
import type { Hono } from "hono";
import * as webhooks from "./webhooks";

// The webhook calls: a project's webhooks, and one webhook's test and delivery log.
export function webhooksRest(api: Hono<AppEnv>) {
  api.get("/projects/:id/webhooks", (c) =>
    c.json(webhooks.listWebhooks(c.var.deps, requireUser(c).user, idParam(c))),
  );
  api.post("/projects/:id/webhooks", async (c) => {
    const { user } = requireUser(c);
    const projectId = idParam(c);
    const body = await jsonBody(c, createWebhookBody);
    return c.json(await webhooks.createWebhook(c.var.deps, user, projectId, body), 201);
  });
  api.put("/webhooks/:id", async (c) => {
    const { user } = requireUser(c);
    const id = idParam(c);
    const body = await jsonBody(c, updateWebhookBody);
    return c.json(await webhooks.updateWebhook(c.var.deps, user, id, body));
  });
  api.delete("/webhooks/:id", (c) =>
    c.json(webhooks.deleteWebhook(c.var.deps, requireUser(c).user, idParam(c))),
  );
  api.post("/webhooks/:id/test", async (c) =>
    c.json(await webhooks.sendTest(c.var.deps, requireUser(c).user, idParam(c))),
  );
  api.get("/webhooks/:id/deliveries", (c) =>
    c.json(webhooks.listDeliveries(c.var.deps, requireUser(c).user, idParam(c))),
  );
}
