import { call } from "@server/platform/api/call";
import { reviewsAnswer, reviewsInput } from "@shared/schemas/analytics-reviews";
import { getReviews } from "./reviews";

// The stored daily review summaries of a project's game; the client calls analytics.reviews.
export const reviewsCalls = {
  reviews: call({
    auth: "user",
    input: reviewsInput,
    rest: { method: "get", path: "/analytics/reviews/:projectId", params: { projectId: "projectId" } },
    doc: {
      summary: "The game's Steam review score, percent positive and its daily trend",
      answer: {
        description: "The latest summary, the daily trend and the change over the period.",
        schema: reviewsAnswer,
      },
      errors: [400],
    },
    handler: ({ deps, user }, input) => getReviews(deps, user, input),
  }),
};
