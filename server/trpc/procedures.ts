import { TRPCError } from "@trpc/server";
import { AUTH } from "../../shared/messages/auth";
import { baseProcedure } from "./init";

export const publicProcedure = baseProcedure;

export const protectedProcedure = baseProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new TRPCError({ code: "UNAUTHORIZED", message: AUTH.authRequired });
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});
