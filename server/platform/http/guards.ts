import { AppError, badRequest } from "@server/platform/errors";
import { HEADERS_MAX_BYTES, TRPC_BATCH_MAX, URL_MAX_BYTES } from "@shared/limits";
import { COMMON } from "@shared/messages/common";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";

// Checks that run before routing: each refuses with an AppError, which the error handler answers as
// a 4xx `{ error }` instead of a parser's empty answer.

/** Byte length of the request line's target and of the header block as sent. */
export function requestSizes(req: Request): { url: number; headers: number } {
  const url = new URL(req.url);
  let headers = 0;
  req.headers.forEach((value, name) => {
    headers += name.length + value.length + 4;
  });
  return { url: url.pathname.length + url.search.length, headers };
}

/**
 * Bun's own parser answers an empty 431 above its header limit (16 KiB unless started with
 * --max-http-header-size, which the start script raises); below it these limits answer in JSON.
 */
export const sizeLimits: MiddlewareHandler<AppEnv> = async (c, next) => {
  const sizes = requestSizes(c.req.raw);
  if (sizes.url > URL_MAX_BYTES) throw new AppError("URI_TOO_LONG", COMMON.urlTooLong);
  if (sizes.headers > HEADERS_MAX_BYTES) throw new AppError("HEADERS_TOO_LARGE", COMMON.headersTooLarge);
  await next();
};

const BODYLESS = new Set(["GET", "HEAD", "OPTIONS"]);

/** True when the request carries body bytes (a declared length above 0, or a chunked body). */
function hasBody(req: Request): boolean {
  if (BODYLESS.has(req.method) || req.body === null) return false;
  const length = req.headers.get("content-length");
  return length === null ? true : length.trim() !== "0";
}

/**
 * Bodies on the API are JSON, and must say so: a page on another site can post `text/plain` without
 * asking first, so accepting JSON under any type would let such forms reach the API. A request with
 * no body needs no type: the paths that take none (sign-out, the sync buttons) are sent bare.
 */
export const jsonOnly =
  (except: (path: string) => boolean): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (except(c.req.path) || !hasBody(c.req.raw)) return next();
    const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "application/json") throw new AppError("UNSUPPORTED_MEDIA_TYPE", COMMON.jsonRequired);
    await next();
  };

/** A batched tRPC request names its procedures comma-separated in the path. */
export const trpcBatchCap: MiddlewareHandler<AppEnv> = async (c, next) => {
  const procedures = c.req.path.slice(c.req.path.lastIndexOf("/") + 1);
  // tRPC decodes the path before splitting, so an encoded comma counts as one too.
  const calls = procedures === "" ? 0 : procedures.split(/,|%2c/i).length;
  if (calls > TRPC_BATCH_MAX) throw badRequest(COMMON.tooManyCalls, { maxCalls: TRPC_BATCH_MAX });
  await next();
};
