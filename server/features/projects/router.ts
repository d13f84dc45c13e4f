import { router } from "@server/platform/trpc/init";
import { protectedProcedure } from "@server/platform/trpc/procedures";
import { createProjectInput, projectIdInput, updateProjectInput } from "@shared/schemas/projects";
import * as projects from "./projects";

export const projectsRouter = router({
  list: protectedProcedure.query(({ ctx }) => projects.listProjects(ctx.deps, ctx.user)),
  get: protectedProcedure
    .input(projectIdInput)
    .query(({ ctx, input }) => projects.getProject(ctx.deps, ctx.user, input.id)),
  create: protectedProcedure
    .input(createProjectInput)
    .mutation(({ ctx, input }) => projects.createProject(ctx.deps, ctx.user, input)),
  update: protectedProcedure
    .input(updateProjectInput)
    .mutation(({ ctx, input }) => projects.updateProject(ctx.deps, ctx.user, input)),
});
