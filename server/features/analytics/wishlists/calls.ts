import { call } from "@server/platform/api/call";
import { wishlistsAnswer, wishlistsInput } from "@shared/schemas/wishlists";
import { getWishlists } from "./wishlists";

// The wishlists card's answer; the client calls analytics.wishlists, beside the overview.
export const wishlistCalls = {
  wishlists: call({
    auth: "user",
    input: wishlistsInput,
    rest: { method: "get", path: "/analytics/wishlists/:projectId", params: { projectId: "projectId" } },
    doc: {
      summary:
        "Wishlist adds, deletes, purchases and gifts per day, the outstanding balance and top countries",
      answer: { description: "The wishlists over the last days.", schema: wishlistsAnswer },
    },
    handler: ({ deps, user }, input) => getWishlists(deps, user, input),
  }),
};
