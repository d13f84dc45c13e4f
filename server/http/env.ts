import type { SessionUser } from "../../shared/types";
import type { Session } from "../auth/session";
import type { AppDeps } from "../deps";

/** Hono's per-request variables, set by the auth middleware. */
export interface AppEnv {
  Variables: {
    deps: AppDeps;
    user: SessionUser | null;
    session: Session | null;
    clientAddress: string;
    /** Set first, for every request: answered in X-Request-Id, carried by its log lines. */
    requestId: string;
  };
}
