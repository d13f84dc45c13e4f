import { router } from "@server/platform/trpc/init";
import { protectedProcedure } from "@server/platform/trpc/procedures";
import {
  createWebhookInput,
  projectWebhooksInput,
  updateWebhookInput,
  webhookIdInput,
} from "@shared/schemas/webhooks";
import * as webhooks from "./webhooks";

export const webhooksRouter = router({
  list: protectedProcedure
    .input(projectWebhooksInput)
    .query(({ ctx, input }) => webhooks.listWebhooks(ctx.deps, ctx.user, input.project_id)),
  create: protectedProcedure
    .input(createWebhookInput)
    .mutation(({ ctx, input: { project_id, ...body } }) =>
      webhooks.createWebhook(ctx.deps, ctx.user, project_id, body),
    ),
  update: protectedProcedure
    .input(updateWebhookInput)
    .mutation(({ ctx, input: { id, ...body } }) => webhooks.updateWebhook(ctx.deps, ctx.user, id, body)),
  delete: protectedProcedure
    .input(webhookIdInput)
    .mutation(({ ctx, input }) => webhooks.deleteWebhook(ctx.deps, ctx.user, input.id)),
  test: protectedProcedure
    .input(webhookIdInput)
    .mutation(({ ctx, input }) => webhooks.sendTest(ctx.deps, ctx.user, input.id)),
  deliveries: protectedProcedure
    .input(webhookIdInput)
    .query(({ ctx, input }) => webhooks.listDeliveries(ctx.deps, ctx.user, input.id)),
});
