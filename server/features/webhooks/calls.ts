import { call } from "@server/platform/api/call";
import { openApiRoutes, restRoutes, trpcRouter } from "@server/platform/api/derive";
import { apiArea } from "@server/platform/openapi/registry";
import { idAnswer } from "@shared/schemas/answers-common";
import {
  createdWebhook,
  createWebhookInput,
  deliveryView,
  projectWebhooksInput,
  updateWebhookInput,
  webhookIdInput,
  webhookView,
} from "@shared/schemas/webhooks";
import * as webhooks from "./webhooks";

// A project's webhooks, and one webhook's test and delivery log, each call declared once.
export const webhookCalls = {
  list: call({
    auth: "user",
    input: projectWebhooksInput,
    rest: { method: "get", path: "/projects/:id/webhooks", params: { id: "project_id" } },
    doc: {
      summary: "A project's webhooks",
      answer: { description: "Webhooks, addresses masked.", schema: webhookView.array() },
      errors: [403],
    },
    handler: ({ deps, user }, input) => webhooks.listWebhooks(deps, user, input.project_id),
  }),
  create: call({
    auth: "user",
    input: createWebhookInput,
    rest: { method: "post", path: "/projects/:id/webhooks", params: { id: "project_id" } },
    doc: {
      summary: "Add a webhook; the answer shows its signing secret once",
      answer: { status: 201, description: "The webhook with its secret.", schema: createdWebhook },
      errors: [403, 409],
    },
    handler: ({ deps, user }, { project_id, ...body }) =>
      webhooks.createWebhook(deps, user, project_id, body),
  }),
  update: call({
    auth: "user",
    input: updateWebhookInput,
    rest: { method: "put", path: "/webhooks/:id", params: { id: "id" } },
    doc: {
      summary: "Change a webhook's name, address, format or events; its signing secret stays",
      answer: { description: "The webhook, address masked, without its secret.", schema: webhookView },
      errors: [403],
    },
    handler: ({ deps, user }, { id, ...body }) => webhooks.updateWebhook(deps, user, id, body),
  }),
  delete: call({
    auth: "user",
    input: webhookIdInput,
    rest: { method: "delete", path: "/webhooks/:id", params: { id: "id" } },
    doc: {
      summary: "Remove a webhook",
      answer: { description: "The removed webhook's id.", schema: idAnswer },
      errors: [403],
    },
    handler: ({ deps, user }, input) => webhooks.deleteWebhook(deps, user, input.id),
  }),
  test: call({
    auth: "user",
    input: webhookIdInput,
    rest: { method: "post", path: "/webhooks/:id/test", params: { id: "id" } },
    doc: {
      summary: "Send a test delivery",
      answer: { description: "The delivery's outcome.", schema: deliveryView },
      errors: [403],
    },
    handler: ({ deps, user }, input) => webhooks.sendTest(deps, user, input.id),
  }),
  deliveries: call({
    auth: "user",
    input: webhookIdInput,
    rest: { method: "get", path: "/webhooks/:id/deliveries", params: { id: "id" } },
    doc: {
      summary: "A webhook's recent deliveries",
      answer: { description: "Deliveries, newest first.", schema: deliveryView.array() },
      errors: [403],
    },
    handler: ({ deps, user }, input) => webhooks.listDeliveries(deps, user, input.id),
  }),
};

export const webhooksRouter = trpcRouter(webhookCalls);
export const webhooksRest = restRoutes(webhookCalls);
export const webhooksArea = apiArea(
  "Webhooks",
  "Notify other tools when a broadcast starts, ends or fails.",
  openApiRoutes(webhookCalls),
);
