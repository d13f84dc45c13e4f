// One domain error type for every service. Routers and REST adapters translate it, services never see HTTP.
export type ErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "TOO_MANY_REQUESTS"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "URI_TOO_LONG"
  | "HEADERS_TOO_LARGE"
  /** The disk is (nearly) full: nothing was written. */
  | "INSUFFICIENT_STORAGE"
  /** An upstream service (Steam) is down or answered nonsense: not the caller's fault. */
  | "BAD_GATEWAY";

export const httpStatusOf: Record<
  ErrorCode,
  400 | 401 | 403 | 404 | 409 | 413 | 414 | 415 | 429 | 431 | 502 | 507
> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  UNSUPPORTED_MEDIA_TYPE: 415,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  BAD_GATEWAY: 502,
  INSUFFICIENT_STORAGE: 507,
};

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
export const forbidden = (message: string) => new AppError("FORBIDDEN", message);
export const notFound = (message: string) => new AppError("NOT_FOUND", message);
export const conflict = (message: string) => new AppError("CONFLICT", message);
