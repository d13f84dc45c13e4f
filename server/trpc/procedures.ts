import { AUTH } from "../../shared/messages/auth";
import { unauthorized } from "../errors";
import { requireAdmin } from "../services/access";
import { baseProcedure } from "./init";

export const publicProcedure = baseProcedure;

export const protectedProcedure = baseProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw unauthorized(AUTH.authRequired);
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  requireAdmin(ctx.user);
  return next();
});
