import { call } from "@server/platform/api/call";
import { openApiRoutes, restRoutes, trpcRouter } from "@server/platform/api/derive";
import { apiArea } from "@server/platform/openapi/registry";
import { successAnswer } from "@shared/schemas/answers-common";
import {
  createScheduleInput,
  destinationSchedulesInput,
  scheduleIdInput,
  scheduleView,
} from "@shared/schemas/schedules";
import * as schedules from "./schedules";

// A destination's broadcast windows, each call declared once.
export const scheduleCalls = {
  list: call({
    auth: "user",
    input: destinationSchedulesInput,
    rest: { method: "get", path: "/destinations/:id/schedules", params: { id: "destinationId" } },
    doc: {
      summary: "A destination's windows",
      answer: { description: "Windows with their next start.", schema: scheduleView.array() },
    },
    handler: ({ deps, user }, input) => schedules.listSchedules(deps, user, input.destinationId),
  }),
  create: call({
    auth: "user",
    input: createScheduleInput,
    rest: { method: "post", path: "/destinations/:id/schedules", params: { id: "destination_id" } },
    doc: {
      summary: "Add a one-off or weekly window",
      answer: { status: 201, description: "The new window.", schema: scheduleView },
      errors: [403, 409],
    },
    handler: ({ deps, user }, { destination_id, ...fields }) =>
      schedules.createSchedule(deps, user, destination_id, fields),
  }),
  delete: call({
    auth: "user",
    input: scheduleIdInput,
    rest: { method: "delete", path: "/schedules/:id", params: { id: "id" } },
    doc: {
      summary: "Remove a window",
      answer: { description: "Removed.", schema: successAnswer },
      errors: [403],
    },
    handler: ({ deps, user }, input) => schedules.deleteSchedule(deps, user, input.id),
  }),
};

export const schedulesRouter = trpcRouter(scheduleCalls);
export const schedulesRest = restRoutes(scheduleCalls);
export const schedulesArea = apiArea(
  "Schedules",
  "Broadcast windows: the console starts and stops streams on time.",
  openApiRoutes(scheduleCalls),
);
