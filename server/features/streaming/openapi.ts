import { apiArea } from "@server/platform/openapi/registry";
import { successAnswer } from "@shared/schemas/answers-common";
import { scheduleView } from "@shared/schemas/answers-projects";
import { healthQuery, uptimeQuery } from "@shared/schemas/health";
import { scheduleFields } from "@shared/schemas/schedules";

// The document's entries for calls other features serve on streaming's paths: a stream's health and
// a destination's uptime (health), a destination's broadcast windows (schedules) and the dashboard's
// worst uptime (health). They leave as those features declare their calls. Areas of one tag are
// shown as one.

export const streamHealthArea = apiArea(
  "Streaming",
  "Destinations (where a broadcast goes) and the streams on them.",
  [
    {
      method: "get",
      path: "/streams/:id/health",
      summary: "A stream's health timeline",
      query: healthQuery,
      answer: { description: "Samples of bitrate, fps and speed, with gaps marked." },
    },
    {
      method: "get",
      path: "/destinations/:id/uptime",
      summary: "A destination's uptime over the last days",
      query: uptimeQuery,
      answer: { description: "Uptime percentage per day and overall." },
    },
  ],
);

export const schedulesArea = apiArea(
  "Schedules",
  "Broadcast windows: the console starts and stops streams on time.",
  [
    {
      method: "get",
      path: "/destinations/:id/schedules",
      summary: "A destination's windows",
      answer: { description: "Windows with their next start.", schema: scheduleView.array() },
    },
    {
      method: "post",
      path: "/destinations/:id/schedules",
      summary: "Add a one-off or weekly window",
      body: scheduleFields,
      answer: { status: 201, description: "The new window.", schema: scheduleView },
      errors: [403, 409],
    },
    {
      method: "delete",
      path: "/schedules/:id",
      summary: "Remove a window",
      answer: { description: "Removed.", schema: successAnswer },
      errors: [403],
    },
  ],
);

// The health feature's dashboard call; the dashboard's own are declared in its feature folder.
export const worstUptimeArea = apiArea("Dashboard", "Figures and activity for the home screen.", [
  {
    method: "get",
    path: "/dashboard/worst-uptime",
    summary: "The destinations with the lowest uptime",
    answer: { description: "Destinations with their uptime." },
  },
]);
