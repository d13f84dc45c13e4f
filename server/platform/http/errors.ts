import { databaseUnavailable, isDatabaseUnavailable } from "@server/platform/db/unavailable";
import { AppError, httpStatusOf } from "@server/platform/errors";
import { errorField, log } from "@server/platform/log";
import { COMMON } from "@shared/messages/common";
import type { ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "./env";

/** Every REST error leaves as `{ error, ...details }`: never a stack trace, never a 500 for bad input. */
export const onError: ErrorHandler<AppEnv> = (thrown, c) => {
  const err = isDatabaseUnavailable(thrown) ? databaseUnavailable() : thrown;
  if (err instanceof AppError) {
    const retryAfter = retryAfterOf(err);
    if (retryAfter !== undefined) c.header("Retry-After", String(retryAfter));
    return c.json({ error: err.message, ...err.details }, httpStatusOf(err.code));
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    return c.json(
      { error: status === 413 ? COMMON.bodyTooLarge : err.message || COMMON.requestFailed },
      status,
    );
  }
  const requestId = c.get("requestId");
  log.error("unexpected error", {
    request_id: requestId,
    user_id: c.get("user")?.id,
    error: errorField(err),
  });
  // The id lets a user quote this failure; the log line above holds what went wrong.
  return c.json({ error: COMMON.internalError, request_id: requestId }, 500);
};

/** Seconds a 429 asks the caller to wait, from the error's details. */
export function retryAfterOf(err: unknown): number | undefined {
  if (!(err instanceof AppError) || err.code !== "TOO_MANY_REQUESTS") return undefined;
  const value = err.details?.retryAfter;
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}
