import { call } from "@server/platform/api/call";
import { openApiRoutes, restRoutes, trpcRouter } from "@server/platform/api/derive";
import { apiArea } from "@server/platform/openapi/registry";
import { projectView } from "@shared/schemas/answers-projects";
import { createProjectInput, projectIdInput, updateProjectInput } from "@shared/schemas/projects";
import type { ProjectView } from "./projects";
import * as projects from "./projects";

// The projects' calls, each declared once. Who may see or change a project is decided in the service.
export const projectCalls = {
  list: call({
    auth: "user",
    rest: { method: "get", path: "/projects" },
    doc: {
      summary: "List the projects the user can see, newest first",
      answer: { description: "Projects.", schema: projectView.array() },
    },
    handler: ({ deps, user }) => projects.listProjects(deps, user),
  }),
  create: call({
    auth: "user",
    input: createProjectInput,
    rest: { method: "post", path: "/projects" },
    doc: {
      summary: "Create a project",
      answer: { status: 201, description: "The new project.", schema: projectView },
      errors: [403, 404],
    },
    handler: ({ deps, user }, input) => projects.createProject(deps, user, input),
  }),
  get: call({
    auth: "user",
    input: projectIdInput,
    rest: { method: "get", path: "/projects/:id", params: { id: "id" } },
    doc: { summary: "One project", answer: { description: "The project.", schema: projectView } },
    handler: ({ deps, user }, input) => projects.getProject(deps, user, input.id),
  }),
  /** tRPC answers the whole project; REST the saved name and description, as its document says. */
  update: call({
    auth: "user",
    input: updateProjectInput,
    rest: {
      method: "put",
      path: "/projects/:id",
      params: { id: "id" },
      reply: ({ name, description }: ProjectView) => ({ name, description }),
    },
    doc: {
      summary: "Change a project's name and description",
      answer: {
        description: "The saved name and description.",
        schema: projectView.pick({ name: true, description: true }),
      },
      errors: [403],
    },
    handler: ({ deps, user }, input) => projects.updateProject(deps, user, input),
  }),
};

export const projectsRouter = trpcRouter(projectCalls);
export const projectsRest = restRoutes(projectCalls);
export const projectsArea = apiArea(
  "Projects",
  "Projects: the unit that holds media, destinations and people.",
  openApiRoutes(projectCalls),
);
