import type { AppDeps } from "@server/deps";
import type { Session } from "@server/features/auth/session";
import type { AppError } from "@server/platform/errors";
import type { SessionUser } from "@shared/types";

/** Hono's per-request variables, set by the auth middleware. */
export interface AppEnv {
  Variables: {
    deps: AppDeps;
    user: SessionUser | null;
    session: Session | null;
    clientAddress: string;
    /** Set first, for every request: answered in X-Request-Id, carried by its log lines. */
    requestId: string;
    /** Set when the request is signed with an API token instead of a session cookie. */
    apiTokenId: number | null;
    /** A bearer token refused on a tRPC path, answered by the procedures in tRPC's shape. */
    authFailure: AppError | null;
  };
}
