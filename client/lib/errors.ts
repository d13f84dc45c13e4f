import { TRPCClientError } from "@trpc/client";

/** The server's error text, or the spec's fallback for this call. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof TRPCClientError && typeof err.message === "string" && err.message) return err.message;
  if (err instanceof Error && err.message && !(err instanceof TypeError)) return err.message;
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
