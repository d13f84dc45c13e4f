import { AUTH } from "../../shared/messages/auth";
import { unauthorized } from "../errors";
import { baseProcedure } from "./init";

export const publicProcedure = baseProcedure;

export const protectedProcedure = baseProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw unauthorized(AUTH.authRequired);
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});
