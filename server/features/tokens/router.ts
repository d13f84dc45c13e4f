import { router } from "@server/platform/trpc/init";
import { sessionOnlyProcedure } from "@server/platform/trpc/procedures";
import { apiTokenIdInput, createApiTokenBody } from "@shared/schemas/api-tokens";
import * as apiTokens from "./api-tokens";

// Managed from a signed-in session only: a call signed with a token is refused (403).
export const tokensRouter = router({
  list: sessionOnlyProcedure.query(({ ctx }) => apiTokens.listApiTokens(ctx.deps, ctx.user)),
  create: sessionOnlyProcedure
    .input(createApiTokenBody)
    .mutation(({ ctx, input }) => apiTokens.createApiToken(ctx.deps, ctx.user, input)),
  revoke: sessionOnlyProcedure
    .input(apiTokenIdInput)
    .mutation(({ ctx, input }) => apiTokens.revokeApiToken(ctx.deps, ctx.user, input.id)),
});
