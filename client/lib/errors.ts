import { TRPCClientError } from "@trpc/client";

/** Why a request got no answer at all: the network failed (TypeError), it was aborted or timed out. */
const NO_ANSWER = new Set(["TypeError", "AbortError", "TimeoutError"]);

/**
 * The request never got an answer: server down, offline or timed out. A reply the client could not
 * read (a proxy's HTML error page) is not that.
 */
export function gotNoAnswer(err: unknown): boolean {
  if (errorStatus(err) !== undefined) return false;
  const cause = err instanceof TRPCClientError ? err.cause : err;
  const name = (cause as { name?: unknown } | undefined)?.name;
  return typeof name === "string" && NO_ANSWER.has(name);
}

/**
 * The server's error text, or this call's own fallback text. With no answer at all the browser's
 * own text ("Failed to fetch", which tRPC copies into its message) means nothing to a user.
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (gotNoAnswer(err)) return fallback;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

/**
 * HTTP status of a failed tRPC call, if the server answered: tRPC's own, else the response's. A refusal
 * made before tRPC is reached (a database out of reach while the session is read answers 503 as plain
 * `{ error }`) carries no tRPC data, only the response.
 */
export function errorStatus(err: unknown): number | undefined {
  if (!(err instanceof TRPCClientError)) return undefined;
  const status = (err.data as { httpStatus?: number } | undefined)?.httpStatus;
  if (status !== undefined) return status;
  const response = (err.meta as { response?: { status?: unknown } } | undefined)?.response;
  return typeof response?.status === "number" ? response.status : undefined;
}

/** Extra fields the server sent beside the message (e.g. currentStreams, maxStreams). */
export function errorDetails<T = Record<string, unknown>>(err: unknown): T | undefined {
  if (err instanceof TRPCClientError) return (err.data as { details?: T } | undefined)?.details;
  return undefined;
}
