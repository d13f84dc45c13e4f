import type { AppEnv } from "@server/platform/http/env";
import { idParam, jsonBody, queryParams, requireUser } from "@server/platform/http/request";
import {
  checkIngestBody,
  createDestinationInput,
  startStreamBody,
  stopStreamInput,
  streamStatusQuery,
  updateDestinationFields,
} from "@shared/schemas/streaming";
import type { Hono } from "hono";
import * as destinationCheck from "./destination-check";
import * as destinations from "./destinations";
import * as streams from "./streams";
import { systemInfo } from "./system-info";

// The destination and stream calls. Each adapter: parse, call the service, answer.
// `/destinations/{id}` is one path to a client: a project's id on GET, a destination's otherwise.
export function streamingRest(api: Hono<AppEnv>) {
  api.get("/destinations/:id", (c) => {
    const { user } = requireUser(c);
    return c.json(destinations.listDestinations(c.var.deps, user, idParam(c, "id", "projectId")));
  });
  api.post("/destinations", async (c) => {
    const { user } = requireUser(c);
    const input = await jsonBody(c, createDestinationInput);
    return c.json(await destinations.createDestination(c.var.deps, user, input), 201);
  });
  api.post("/destinations/check", async (c) => {
    const { user } = requireUser(c);
    const input = await jsonBody(c, checkIngestBody);
    return c.json(await destinationCheck.checkIngestUrl(c.var.deps, user, input));
  });
  api.post("/destinations/:id/check", async (c) => {
    const { user } = requireUser(c);
    return c.json(await destinationCheck.checkDestination(c.var.deps, user, idParam(c)));
  });
  api.put("/destinations/:id", async (c) => {
    const { user } = requireUser(c);
    const id = idParam(c);
    const fields = await jsonBody(c, updateDestinationFields);
    return c.json(await destinations.updateDestination(c.var.deps, user, { ...fields, id }));
  });
  api.delete("/destinations/:id", async (c) => {
    const { user } = requireUser(c);
    return c.json(await destinations.deleteDestination(c.var.deps, user, idParam(c)));
  });
  api.post("/destinations/:id/stream", async (c) => {
    const { user } = requireUser(c);
    const destinationId = idParam(c);
    const source = await jsonBody(c, startStreamBody);
    return c.json(streams.startStream(c.var.deps, user, { ...source, destinationId }), 201);
  });
  api.post("/streams/stop", async (c) => {
    const { user } = requireUser(c);
    const { streamId } = await jsonBody(c, stopStreamInput);
    return c.json(await streams.stopStream(c.var.deps, user, streamId));
  });
  api.get("/streams/status", (c) => {
    const { user } = requireUser(c);
    const { projectId } = queryParams(c, streamStatusQuery);
    return c.json(streams.streamStatus(c.var.deps, user, projectId));
  });
  api.get("/streams/system-info", (c) => {
    const { user } = requireUser(c);
    return c.json(systemInfo(c.var.deps, user));
  });
  api.delete("/streams/:id", (c) => {
    const { user } = requireUser(c);
    return c.json(streams.deleteStream(c.var.deps, user, idParam(c)));
  });
}
