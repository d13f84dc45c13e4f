import { call } from "@server/platform/api/call";
import { timelineAnswer, timelineInput } from "@shared/schemas/analytics-timeline";
import { getTimeline } from "./timeline";

// Every daily series of a project on one date axis; the client calls analyticsExport.timeline.
export const timelineCalls = {
  timeline: call({
    auth: "user",
    input: timelineInput,
    rest: { method: "get", path: "/analytics/timeline/:projectId", params: { projectId: "projectId" } },
    doc: {
      summary: "Net revenue, player peak, wishlist adds, review percent and broadcast time per day",
      answer: { description: "One row per day, and the sale events in the period.", schema: timelineAnswer },
    },
    handler: ({ deps, user }, input) => getTimeline(deps, user, input),
  }),
};
