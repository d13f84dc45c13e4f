import type { RequestDeps, RequestSession } from "@server/platform/context";
import type { AppError } from "@server/platform/errors";
import type { SessionUser } from "@shared/types";

/** Hono's per-request variables, set by the auth middleware. */
export interface AppEnv {
  Variables: {
    deps: RequestDeps;
    user: SessionUser | null;
    session: RequestSession | null;
    clientAddress: string;
    /** Set first, for every request: answered in X-Request-Id, carried by its log lines. */
    requestId: string;
    /** Set when the request is signed with an API token instead of a session cookie. */
    apiTokenId: number | null;
    /** A bearer token refused on a tRPC path, answered by the procedures in tRPC's shape. */
    authFailure: AppError | null;
  };
}
