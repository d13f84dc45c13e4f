import { router } from "@server/platform/trpc/init";
import { protectedProcedure } from "@server/platform/trpc/procedures";
import { breakdownInput, refundsInput, saleEventsInput } from "@shared/schemas/analytics-sales";
import { saleEvents } from "./sale-events";
import { salesBreakdown } from "./sales-breakdown";
import { refunds } from "./sales-refunds";

export const analyticsSalesRouter = router({
  breakdown: protectedProcedure
    .input(breakdownInput)
    .query(({ ctx, input }) => salesBreakdown(ctx.deps, ctx.user, input)),
  saleEvents: protectedProcedure
    .input(saleEventsInput)
    .query(({ ctx, input }) => saleEvents(ctx.deps, ctx.user, input)),
  refunds: protectedProcedure
    .input(refundsInput)
    .query(({ ctx, input }) => refunds(ctx.deps, ctx.user, input)),
});
