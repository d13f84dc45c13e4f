import type { ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { COMMON } from "../../shared/messages/common";
import { AppError, httpStatusOf } from "../errors";
import type { AppEnv } from "./env";

/** Every REST error leaves as `{ error, ...details }`: never a stack trace, never a 500 for bad input. */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof AppError) return c.json({ error: err.message, ...err.details }, httpStatusOf[err.code]);
  if (err instanceof HTTPException) {
    const status = err.status;
    return c.json({ error: status === 413 ? COMMON.bodyTooLarge : err.message || "Request failed" }, status);
  }
  console.error("[http] unexpected error:", err);
  return c.json({ error: COMMON.internalError }, 500);
};
