import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";

type HttpErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 414 | 415 | 429 | 431 | 502 | 503 | 507;

/**
 * The one table of error codes: what each means to a REST caller (its HTTP status) and to a tRPC
 * caller (its tRPC code). tRPC has no 414, 431 or 507 of its own, so those take the nearest code
 * with the same meaning for a client.
 */
const ERROR_CODES = {
  BAD_REQUEST: { http: 400, trpc: "BAD_REQUEST" },
  UNAUTHORIZED: { http: 401, trpc: "UNAUTHORIZED" },
  FORBIDDEN: { http: 403, trpc: "FORBIDDEN" },
  NOT_FOUND: { http: 404, trpc: "NOT_FOUND" },
  CONFLICT: { http: 409, trpc: "CONFLICT" },
  PAYLOAD_TOO_LARGE: { http: 413, trpc: "PAYLOAD_TOO_LARGE" },
  URI_TOO_LONG: { http: 414, trpc: "BAD_REQUEST" },
  UNSUPPORTED_MEDIA_TYPE: { http: 415, trpc: "UNSUPPORTED_MEDIA_TYPE" },
  TOO_MANY_REQUESTS: { http: 429, trpc: "TOO_MANY_REQUESTS" },
  HEADERS_TOO_LARGE: { http: 431, trpc: "BAD_REQUEST" },
  /** An upstream service (Steam) is down or answered nonsense: not the caller's fault. */
  BAD_GATEWAY: { http: 502, trpc: "BAD_GATEWAY" },
  /** The database is out of reach for now: nothing was written, the same call may succeed later. */
  SERVICE_UNAVAILABLE: { http: 503, trpc: "SERVICE_UNAVAILABLE" },
  /** The disk is (nearly) full: nothing was written. */
  INSUFFICIENT_STORAGE: { http: 507, trpc: "SERVICE_UNAVAILABLE" },
} as const satisfies Record<string, { http: HttpErrorStatus; trpc: TRPC_ERROR_CODE_KEY }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const httpStatusOf = (code: ErrorCode): HttpErrorStatus => ERROR_CODES[code].http;
export const trpcCodeOf = (code: ErrorCode): TRPC_ERROR_CODE_KEY => ERROR_CODES[code].trpc;

/** One domain error type for every service. Routers and REST adapters translate it, services never see HTTP. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra fields sent beside `error`, e.g. `{ currentStreams, maxStreams }`. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, details?: Record<string, unknown>) =>
  new AppError("BAD_REQUEST", message, details);
export const unauthorized = (message: string) => new AppError("UNAUTHORIZED", message);
export const forbidden = (message: string) => new AppError("FORBIDDEN", message);
export const notFound = (message: string) => new AppError("NOT_FOUND", message);
export const conflict = (message: string) => new AppError("CONFLICT", message);
