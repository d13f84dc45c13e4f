import { forbidden, unauthorized } from "@server/platform/errors";
import { API_TOKENS } from "@shared/messages/api-tokens";
import { AUTH } from "@shared/messages/auth";
import { baseProcedure } from "./init";

export const publicProcedure = baseProcedure;

export const protectedProcedure = baseProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw unauthorized(AUTH.authRequired);
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

/** Signed in with a session, not an API token: a leaked token cannot manage tokens. */
export const sessionOnlyProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (ctx.apiTokenId) throw forbidden(API_TOKENS.refusedForTokens);
  return next();
});
