import { apiArea } from "@server/platform/openapi/registry";
import { projectView } from "@shared/schemas/answers-projects";
import { createProjectInput, updateProjectBody } from "@shared/schemas/projects";
import { type Same, sameShape } from "@shared/schemas/same-shape";
import type { z } from "zod";
import type { ProjectView } from "./projects";

sameShape<Same<z.infer<typeof projectView>, ProjectView>>();

export const projectsArea = apiArea(
  "Projects",
  "Projects: the unit that holds media, destinations and people.",
  [
    {
      method: "get",
      path: "/projects",
      summary: "List the projects the user can see, newest first",
      answer: { description: "Projects.", schema: projectView.array() },
    },
    {
      method: "post",
      path: "/projects",
      summary: "Create a project",
      body: createProjectInput,
      answer: { status: 201, description: "The new project.", schema: projectView },
      errors: [403, 404],
    },
    {
      method: "get",
      path: "/projects/:id",
      summary: "One project",
      answer: { description: "The project.", schema: projectView },
    },
    {
      method: "put",
      path: "/projects/:id",
      summary: "Change a project's name and description",
      body: updateProjectBody,
      answer: {
        description: "The saved name and description.",
        schema: projectView.pick({ name: true, description: true }),
      },
      errors: [403],
    },
  ],
);
