import { errorStatus, gotNoAnswer } from "@client/lib/errors";
import { AUTH } from "@shared/messages/auth";
import type { SessionUser } from "@shared/types";
import { TRPCClientError } from "@trpc/client";

// The session's state machine as pure functions (docs/screens.md#session), so every transition
// and every message can be tested without rendering anything.

export type SessionStatus = "loading" | "authenticated" | "unauthenticated" | "error";

export interface SessionState {
  user: SessionUser | null;
  status: SessionStatus;
}

/**
 * Why the session is being checked: at start, by the 5-minute timer, on an explicit refresh, or
 * to verify the session after an API call was refused with 403.
 */
export type CheckKind = "initial" | "periodic" | "refresh" | "verify";

export type CheckResult = { user: SessionUser | null } | { error: unknown };

export interface Transition {
  next: SessionState;
  /** A notice to show, if any. */
  message?: string;
}

export type FailureKind = "unauthorized" | "unreachable" | "other";

/** Unreachable: the request never got an answer (see gotNoAnswer); anything else unread is "other". */
export function classifyFailure(err: unknown): FailureKind {
  const status = errorStatus(err);
  if (status === 401 || status === 403) return "unauthorized";
  return gotNoAnswer(err) ? "unreachable" : "other";
}

const signedOut: SessionState = { user: null, status: "unauthenticated" };
const unreachable: SessionState = { user: null, status: "error" };

export function afterCheck(kind: CheckKind, prev: SessionState, result: CheckResult): Transition {
  const wasSignedIn = prev.user !== null;
  if ("user" in result) {
    if (result.user) return { next: { user: result.user, status: "authenticated" } };
    if (!wasSignedIn || kind === "initial") return { next: signedOut };
    return { next: signedOut, message: kind === "verify" ? AUTH.authFailed : AUTH.sessionExpired };
  }
  const failure = classifyFailure(result.error);
  if (failure === "unreachable") {
    return wasSignedIn && kind !== "initial"
      ? { next: unreachable, message: AUTH.unreachableSession }
      : { next: unreachable };
  }
  if (kind === "initial") {
    // A refusal at start means "sign in first"; any other failure leaves the session unknown.
    return failure === "unauthorized"
      ? { next: signedOut, message: AUTH.authRequired }
      : { next: unreachable };
  }
  if (kind === "periodic") return { next: signedOut, message: wasSignedIn ? AUTH.sessionExpired : undefined };
  if (failure === "unauthorized")
    return { next: signedOut, message: wasSignedIn ? AUTH.authFailed : undefined };
  // A server hiccup during a refresh does not sign anyone out.
  return { next: prev, message: kind === "refresh" ? AUTH.refreshFailed : undefined };
}

export type ApiErrorReaction =
  | { kind: "ignore" }
  | { kind: "verify" }
  | { kind: "recheck" }
  | { kind: "transition"; transition: Transition };

/**
 * What a failed API call (any query or mutation) means for the session. A 401 ends it. A 403 is
 * ambiguous: a role refusal (a viewer starting a stream) must not sign anyone out, so the session
 * is verified first and cleared only if it is really gone. A call with no answer is not yet an
 * unreachable server: the session is re-checked for a few seconds first (see recheck).
 */
export function reactToApiError(prev: SessionState, err: unknown): ApiErrorReaction {
  if (prev.status !== "authenticated") return { kind: "ignore" };
  const status = errorStatus(err);
  if (status === 401)
    return { kind: "transition", transition: { next: signedOut, message: AUTH.authFailed } };
  if (status === 403) return { kind: "verify" };
  return classifyFailure(err) === "unreachable" ? { kind: "recheck" } : { kind: "ignore" };
}

/** The sign-in page's message: the server's text, else a generic one; unreachable has its own. */
export function signInErrorMessage(err: unknown): string {
  if (classifyFailure(err) === "unreachable") return AUTH.unreachableLogin;
  const message = err instanceof TRPCClientError ? err.message : "";
  return message || AUTH.loginFailed;
}
