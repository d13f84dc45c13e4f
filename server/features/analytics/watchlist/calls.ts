import { call } from "@server/platform/api/call";
import {
  compareAnswer,
  compareInput,
  watchlistAddInput,
  watchlistAnswer,
  watchlistInput,
  watchlistRemoveInput,
} from "@shared/schemas/watchlist";
import { getCompare } from "./compare";
import { addToWatchlist, getWatchlist, removeFromWatchlist } from "./watchlist";

// The watch list of other Steam games and the Compare card built from it.
const projectPath = { projectId: "projectId" };

export const watchlistCalls = {
  watchlist: call({
    auth: "user",
    input: watchlistInput,
    rest: { method: "get", path: "/analytics/:projectId/watchlist", params: projectPath },
    doc: {
      summary: "The Steam games a project watches, with the state of their last reads",
      answer: { description: "The watch list.", schema: watchlistAnswer },
    },
    handler: ({ deps, user }, input) => getWatchlist(deps, user, input),
  }),
  watchlistAdd: call({
    auth: "user",
    input: watchlistAddInput,
    rest: { method: "post", path: "/analytics/:projectId/watchlist", params: projectPath },
    doc: {
      summary: "Add a Steam game to the watch list (20 at most)",
      answer: { description: "The watch list after the change.", schema: watchlistAnswer },
      errors: [400, 403, 409],
    },
    handler: ({ deps, user }, input) => addToWatchlist(deps, user, input),
  }),
  watchlistRemove: call({
    auth: "user",
    input: watchlistRemoveInput,
    rest: {
      method: "delete",
      path: "/analytics/:projectId/watchlist/:appId",
      params: { projectId: "projectId", appId: "appId" },
    },
    doc: {
      summary: "Remove a Steam game from the watch list",
      answer: { description: "The watch list after the change.", schema: watchlistAnswer },
      errors: [403],
    },
    handler: ({ deps, user }, input) => removeFromWatchlist(deps, user, input),
  }),
  compare: call({
    auth: "user",
    input: compareInput,
    rest: { method: "get", path: "/analytics/:projectId/compare", params: projectPath },
    doc: {
      summary: "The project's game against its watch list: players, reviews, prices and sales estimates",
      answer: {
        description: "Each game's series, the list's medians and the estimate method.",
        schema: compareAnswer,
      },
    },
    handler: ({ deps, user }, input) => getCompare(deps, user, input),
  }),
};
