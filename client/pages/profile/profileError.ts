import { errorMessage, errorStatus } from "@client/lib/errors";
import { AUTH } from "@shared/messages/auth";

/** Profile errors show the server's message; no answer at all reads 'Unable to connect to server'. */
export function profileError(err: unknown, fallback: string): string {
  if (errorStatus(err) === undefined) return AUTH.unreachableProfile;
  return errorMessage(err, fallback);
}
