import { apiArea } from "@server/platform/openapi/registry";
import { idAnswer } from "@shared/schemas/answers-common";
import { createdWebhook, deliveryView, webhookView } from "@shared/schemas/answers-projects";
import { createWebhookBody, updateWebhookBody } from "@shared/schemas/webhooks";

export const webhooksArea = apiArea(
  "Webhooks",
  "Notify other tools when a broadcast starts, ends or fails.",
  [
    {
      method: "get",
      path: "/projects/:id/webhooks",
      summary: "A project's webhooks",
      answer: { description: "Webhooks, addresses masked.", schema: webhookView.array() },
      errors: [403],
    },
    {
      method: "post",
      path: "/projects/:id/webhooks",
      summary: "Add a webhook; the answer shows its signing secret once",
      body: createWebhookBody,
      answer: { status: 201, description: "The webhook with its secret.", schema: createdWebhook },
      errors: [403, 409],
    },
    {
      method: "put",
      path: "/webhooks/:id",
      summary: "Change a webhook's name, address, format or events; its signing secret stays",
      body: updateWebhookBody,
      answer: { description: "The webhook, address masked, without its secret.", schema: webhookView },
      errors: [403],
    },
    {
      method: "delete",
      path: "/webhooks/:id",
      summary: "Remove a webhook",
      answer: { description: "The removed webhook's id.", schema: idAnswer },
      errors: [403],
    },
    {
      method: "post",
      path: "/webhooks/:id/test",
      summary: "Send a test delivery",
      answer: { description: "The delivery's outcome.", schema: deliveryView },
      errors: [403],
    },
    {
      method: "get",
      path: "/webhooks/:id/deliveries",
      summary: "A webhook's recent deliveries",
      answer: { description: "Deliveries, newest first.", schema: deliveryView.array() },
      errors: [403],
    },
  ],
);
