import { timelineCalls } from "@server/features/analytics/timeline/calls";
import { consoleCall } from "@server/platform/api/call";
import { trpcRouter } from "@server/platform/api/derive";
import { exportInput } from "@shared/schemas/analytics-export";
import { exportLink } from "./export";

// The file itself streams from a hand-written REST route (./file-route); the console checks an
// export here and gets its address, and reads the timeline.
export const exportCalls = {
  link: consoleCall({
    auth: "user",
    input: exportInput,
    kind: "query",
    handler: ({ deps, user }, input) => exportLink(deps, user, input),
  }),
};

export const analyticsExportRouter = trpcRouter({ ...exportCalls, ...timelineCalls });
