import type { RequestDeps, RequestSession } from "@server/platform/context";
import { databaseUnavailable, isDatabaseUnavailable } from "@server/platform/db/unavailable";
import { AppError, trpcCodeOf } from "@server/platform/errors";
import { errorField, log } from "@server/platform/log";
import { zodMessage } from "@server/platform/validation";
import { COMMON } from "@shared/messages/common";
import type { SessionUser } from "@shared/types";
import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";

/** How a procedure sets or clears the session cookie without knowing about HTTP. */
export interface CookieJar {
  setSession(token: string, expiresAt: number): void;
  clearSession(): void;
}

export type Context = {
  deps: RequestDeps;
  user: SessionUser | null;
  session: RequestSession | null;
  /** The client's address, for sign-in throttling. */
  clientAddress: string;
  cookies: CookieJar;
  /** Set when the call is signed with an API token instead of a session cookie. */
  apiTokenId?: number | null;
  /** A refused bearer token: every procedure answers with it. */
  authFailure?: AppError | null;
};

const t = initTRPC.context<Context>().create({
  isDev: false,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    let message = shape.message;
    if (cause instanceof ZodError) message = zodMessage(cause);
    else if (error.code === "INTERNAL_SERVER_ERROR") message = COMMON.internalError;
    const details = cause instanceof AppError ? cause.details : undefined;
    return { ...shape, message, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, details } };
  },
});

// Services throw AppError; this turns it into the matching tRPC code so the status is right.
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && isDatabaseUnavailable(result.error.cause)) {
    const cause = databaseUnavailable();
    throw new TRPCError({ code: trpcCodeOf(cause.code), message: cause.message, cause });
  }
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: trpcCodeOf(cause.code), message: cause.message, cause });
  }
  if (!result.ok && result.error.code === "INTERNAL_SERVER_ERROR") {
    log.error("unexpected error", {
      component: "trpc",
      error: errorField(result.error.cause ?? result.error),
    });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
// Inside domainErrors, so a refused token leaves as UNAUTHORIZED (or TOO_MANY_REQUESTS).
const refusedToken = t.middleware(({ ctx, next }) => {
  if (ctx.authFailure) throw ctx.authFailure;
  return next();
});

export const baseProcedure = t.procedure.use(domainErrors).use(refusedToken);
export const middleware = t.middleware;
