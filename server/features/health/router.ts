import { router } from "@server/platform/trpc/init";
import { protectedProcedure } from "@server/platform/trpc/procedures";
import { healthInput, uptimeInput } from "@shared/schemas/health";
import * as health from "./health";

export const healthRouter = router({
  streamHealth: protectedProcedure
    .input(healthInput)
    .query(({ ctx, input }) => health.streamHealth(ctx.deps, ctx.user, input.streamId, input.hours)),
  uptime: protectedProcedure
    .input(uptimeInput)
    .query(({ ctx, input }) => health.destinationUptime(ctx.deps, ctx.user, input.destinationId, input.days)),
  worstUptime: protectedProcedure.query(({ ctx }) => health.worstUptime(ctx.deps, ctx.user)),
});
