import { protectedProcedure } from "@server/platform/trpc/procedures";
import { wishlistsInput } from "@shared/schemas/wishlists";
import { getWishlists } from "./wishlists";

// analytics.wishlists: spread into the analytics router, so the client calls it beside the overview.
export const wishlistProcedures = {
  wishlists: protectedProcedure
    .input(wishlistsInput)
    .query(({ ctx, input }) => getWishlists(ctx.deps, ctx.user, input)),
};
