import { wishlistsInput } from "../../shared/schemas/wishlists";
import { getWishlists } from "../services/wishlists";
import { protectedProcedure } from "../trpc/procedures";

// analytics.wishlists: spread into the analytics router, so the client calls it beside the overview.
export const wishlistProcedures = {
  wishlists: protectedProcedure
    .input(wishlistsInput)
    .query(({ ctx, input }) => getWishlists(ctx.deps, ctx.user, input)),
};
