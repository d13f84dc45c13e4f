import type { AppEnv } from "@server/platform/http/env";
import { idParam, jsonBody, requireUser } from "@server/platform/http/request";
import { createProjectInput, updateProjectBody } from "@shared/schemas/projects";
import type { Hono } from "hono";
import * as projects from "./projects";

// The /projects calls.
export function projectsRest(api: Hono<AppEnv>) {
  api.get("/projects", (c) => c.json(projects.listProjects(c.var.deps, requireUser(c).user)));
  api.post("/projects", async (c) => {
    const { user } = requireUser(c);
    return c.json(projects.createProject(c.var.deps, user, await jsonBody(c, createProjectInput)), 201);
  });
  api.get("/projects/:id", (c) => {
    const { user } = requireUser(c);
    return c.json(projects.getProject(c.var.deps, user, idParam(c)));
  });
  api.put("/projects/:id", async (c) => {
    const { user } = requireUser(c);
    const id = idParam(c);
    const body = await jsonBody(c, updateProjectBody);
    const { name, description } = projects.updateProject(c.var.deps, user, { id, ...body });
    return c.json({ name, description });
  });
}
