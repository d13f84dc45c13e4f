import { protectedProcedure } from "@server/platform/trpc/procedures";
import { reviewsInput } from "@shared/schemas/analytics-reviews";
import { getReviews } from "./reviews";

/** analytics.reviews: the stored daily review summaries of a project's game. */
export const reviewsProcedure = protectedProcedure
  .input(reviewsInput)
  .query(({ ctx, input }) => getReviews(ctx.deps, ctx.user, input));
