import type { AppEnv } from "@server/platform/http/env";
import { idParam, jsonBody, requireUser } from "@server/platform/http/request";
import { scheduleFields } from "@shared/schemas/schedules";
import type { Hono } from "hono";
import * as schedules from "./schedules";

// A destination's broadcast windows. Each adapter: parse, call the service, answer.
export function schedulesRest(api: Hono<AppEnv>) {
  api.get("/destinations/:id/schedules", (c) => {
    const { user } = requireUser(c);
    return c.json(schedules.listSchedules(c.var.deps, user, idParam(c)));
  });
  api.post("/destinations/:id/schedules", async (c) => {
    const { user } = requireUser(c);
    const destinationId = idParam(c);
    const fields = await jsonBody(c, scheduleFields);
    return c.json(schedules.createSchedule(c.var.deps, user, destinationId, fields), 201);
  });
  api.delete("/schedules/:id", async (c) => {
    const { user } = requireUser(c);
    return c.json(await schedules.deleteSchedule(c.var.deps, user, idParam(c)));
  });
}
