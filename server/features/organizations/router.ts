import { router } from "@server/platform/trpc/init";
import { protectedProcedure } from "@server/platform/trpc/procedures";
import {
  createOrganizationInput,
  listOrganizationsInput,
  organizationIdInput,
  updateOrganizationInput,
} from "@shared/schemas/organizations";
import * as organizations from "./organizations";

// The admin-only rule lives in the service, so REST and tRPC refuse alike.
export const organizationsRouter = router({
  list: protectedProcedure
    .input(listOrganizationsInput)
    .query(({ ctx, input }) => organizations.listOrganizations(ctx.deps, ctx.user, input)),
  create: protectedProcedure
    .input(createOrganizationInput)
    .mutation(({ ctx, input }) => organizations.createOrganization(ctx.deps, ctx.user, input)),
  update: protectedProcedure
    .input(updateOrganizationInput)
    .mutation(({ ctx, input }) => organizations.updateOrganization(ctx.deps, ctx.user, input)),
  delete: protectedProcedure
    .input(organizationIdInput)
    .mutation(({ ctx, input }) => organizations.deleteOrganization(ctx.deps, ctx.user, input.id)),
});
