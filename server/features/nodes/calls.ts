import { call } from "@server/platform/api/call";
import { openApiRoutes, restRoutes, trpcRouter } from "@server/platform/api/derive";
import { apiArea } from "@server/platform/openapi/registry";
import { nodeView } from "@shared/schemas/nodes";
import { listNodes } from "./nodes";

// The nodes' calls, each declared once.
export const nodeCalls = {
  /** Admin only; the service answers 403 for others. */
  list: call({
    auth: "user",
    rest: { method: "get", path: "/nodes" },
    doc: {
      summary: "The console's nodes with their last heartbeat (admins)",
      answer: { description: "Every node, by name.", schema: nodeView.array() },
      errors: [403],
    },
    handler: ({ deps, user }) => listNodes(deps, user),
  }),
};

export const nodesRouter = trpcRouter(nodeCalls);
export const nodesRest = restRoutes(nodeCalls);
export const nodesArea = apiArea(
  "Nodes",
  "The console processes sharing the database, as their heartbeats report them.",
  openApiRoutes(nodeCalls),
);
