import * as projects from "../services/projects";
import { router } from "../trpc/init";
import { protectedProcedure } from "../trpc/procedures";

export const projectsRouter = router({
  list: protectedProcedure.query(({ ctx }) => projects.listProjects(ctx.deps, ctx.user)),
});
