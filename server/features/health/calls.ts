import { call } from "@server/platform/api/call";
import { openApiRoutes, restRoutes, trpcRouter } from "@server/platform/api/derive";
import { apiArea } from "@server/platform/openapi/registry";
import { healthAnswer, healthInput, uptimeInput } from "@shared/schemas/health";
import * as health from "./health";

// A stream's health timeline and a destination's uptime, each call declared once. Their paths sit
// under streams and destinations, so the document lists them with streaming (areas of one tag are
// shown as one), and the dashboard's worst-uptime figure with the dashboard.
const streamCalls = {
  streamHealth: call({
    auth: "user",
    input: healthInput,
    rest: { method: "get", path: "/streams/:id/health", params: { id: "streamId" } },
    doc: {
      summary: "A stream's health timeline",
      answer: {
        description: "Samples of bitrate, fps and speed, and the planned reconnects among them.",
        schema: healthAnswer,
      },
    },
    handler: ({ deps, user }, input) => health.streamHealth(deps, user, input.streamId, input.hours),
  }),
  uptime: call({
    auth: "user",
    input: uptimeInput,
    rest: { method: "get", path: "/destinations/:id/uptime", params: { id: "destinationId" } },
    doc: {
      summary: "A destination's uptime over the last days",
      answer: { description: "Uptime percentage per day and overall." },
    },
    handler: ({ deps, user }, input) => health.destinationUptime(deps, user, input.destinationId, input.days),
  }),
};

const dashboardCalls = {
  worstUptime: call({
    auth: "user",
    rest: { method: "get", path: "/dashboard/worst-uptime" },
    doc: {
      summary: "The destinations with the lowest uptime",
      answer: { description: "Destinations with their uptime." },
    },
    handler: ({ deps, user }) => health.worstUptime(deps, user),
  }),
};

export const healthCalls = { ...streamCalls, ...dashboardCalls };

export const healthRouter = trpcRouter(healthCalls);
export const healthRest = restRoutes(healthCalls);
export const streamHealthArea = apiArea(
  "Streaming",
  "Destinations (where a broadcast goes) and the streams on them.",
  openApiRoutes(streamCalls),
);
export const worstUptimeArea = apiArea(
  "Dashboard",
  "Figures and activity for the home screen.",
  openApiRoutes(dashboardCalls),
);
