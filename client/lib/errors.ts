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

/** HTTP status of a failed tRPC call, if the server answered. */
export function errorStatus(err: unknown): number | undefined {
  if (err instanceof TRPCClientError) return (err.data as { httpStatus?: number } | undefined)?.httpStatus;
  return undefined;
}

/** Extra fields the server sent beside the message (e.g. currentStreams, maxStreams). */
export function errorDetails<T = Record<string, unknown>>(err: unknown): T | undefined {
  if (err instanceof TRPCClientError) return (err.data as { details?: T } | undefined)?.details;
  return undefined;
}
