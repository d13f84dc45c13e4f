import { call } from "@server/platform/api/call";
import { projectOnlyInput } from "@shared/schemas/analytics";
import { anomaliesAnswer } from "@shared/schemas/analytics-anomalies";
import { recentAnomalies } from "./anomalies";

// The Analytics tab's unusual days.
export const anomalyCalls = {
  anomalies: call({
    auth: "user",
    input: projectOnlyInput,
    rest: { method: "get", path: "/analytics/anomalies/:projectId", params: { projectId: "projectId" } },
    doc: {
      summary: "Unusual days of the last four weeks (robust z-score of 3.5 or more)",
      answer: { description: "The anomalies, newest first.", schema: anomaliesAnswer },
    },
    handler: ({ deps, user }, input) => recentAnomalies(deps, user, input),
  }),
};
