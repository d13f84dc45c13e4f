import type { Hono } from "hono";
import type { AppEnv } from "../http/env";
import { requireUser } from "../http/request";
import * as projects from "../services/projects";

export function projectsRest(api: Hono<AppEnv>) {
  api.get("/projects", (c) => c.json(projects.listProjects(c.var.deps, requireUser(c).user)));
}
