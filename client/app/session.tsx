import { notify } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import { SESSION_CHECK_MS } from "@shared/limits";
import type { SessionUser } from "@shared/types";
import { useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { onApiError } from "./api-errors";
import { recheck } from "./recheck";
import {
  afterCheck,
  type CheckKind,
  type CheckResult,
  classifyFailure,
  reactToApiError,
  type SessionState,
  type SessionStatus,
  type Transition,
} from "./session-rules";

export interface SessionApi {
  user: SessionUser | null;
  status: SessionStatus;
  /** Re-reads the user from the server (e.g. after a profile change elsewhere). */
  refresh(): Promise<void>;
  /** Throws the server's error on failure; the sign-in page turns it into a message. */
  signIn(email: string, password: string): Promise<SessionUser>;
  signOut(): Promise<void>;
  /** Patches the local user after a change the server confirmed (name, email). */
  setUser(patch: Partial<SessionUser>): void;
}

const SessionContext = createContext<SessionApi | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>({ user: null, status: "loading" });
  const stateRef = useRef(state);
  // Bumped by every sign-in/out, so a check that started before one cannot overwrite its result.
  const epoch = useRef(0);

  const apply = useCallback(({ next, message }: Transition) => {
    stateRef.current = next;
    setState(next);
    if (message) notify({ type: "error", title: message });
  }, []);

  // A re-check already under way: the many calls one blip fails all wait for the same one.
  const rechecking = useRef<Promise<CheckResult> | null>(null);

  const check = useCallback(
    async (kind: CheckKind) => {
      const started = epoch.current;
      const me = () => utils.client.auth.me.query();
      let result: CheckResult;
      try {
        result = { user: await me() };
      } catch (error) {
        // At start there is no work to lose; later, no answer is asked again before it counts.
        const blip = kind !== "initial" && classifyFailure(error) === "unreachable";
        if (blip) {
          rechecking.current ??= recheck(me).finally(() => {
            rechecking.current = null;
          });
        }
        result = blip && rechecking.current ? await rechecking.current : { error };
      }
      if (started === epoch.current) apply(afterCheck(kind, stateRef.current, result));
    },
    [utils, apply],
  );

  useEffect(() => {
    void check("initial");
  }, [check]);

  useEffect(() => {
    if (state.status !== "authenticated") return;
    const timer = setInterval(() => void check("periodic"), SESSION_CHECK_MS);
    return () => clearInterval(timer);
  }, [state.status, check]);

  useEffect(
    () =>
      onApiError((err) => {
        const reaction = reactToApiError(stateRef.current, err);
        if (reaction.kind === "verify" || reaction.kind === "recheck") void check("verify");
        else if (reaction.kind === "transition") {
          epoch.current++;
          apply(reaction.transition);
        }
      }),
    [check, apply],
  );

  const signIn = useCallback(
    async (email: string, password: string) => {
      const user = await utils.client.auth.login.mutate({ email, password });
      epoch.current++;
      apply({ next: { user, status: "authenticated" } });
      return user;
    },
    [utils, apply],
  );

  const signOut = useCallback(async () => {
    epoch.current++;
    // From here on, refusals of calls still in flight are expected, not "Authentication failed".
    stateRef.current = { user: null, status: "unauthenticated" };
    try {
      await utils.client.auth.logout.mutate();
    } catch {
      // Signed out locally either way; an unreachable server ends the session by itself later.
    }
    // The next user of this browser must not see the previous one's cached data.
    queryClient.clear();
    apply({ next: { user: null, status: "unauthenticated" } });
  }, [utils, queryClient, apply]);

  const setUser = useCallback(
    (patch: Partial<SessionUser>) => {
      const prev = stateRef.current;
      if (prev.user) apply({ next: { ...prev, user: { ...prev.user, ...patch } } });
    },
    [apply],
  );

  const api = useMemo<SessionApi>(
    () => ({ ...state, refresh: () => check("refresh"), signIn, signOut, setUser }),
    [state, check, signIn, signOut, setUser],
  );
  return <SessionContext.Provider value={api}>{children}</SessionContext.Provider>;
}

/**
 * The session: the signed-in user as the server's auth.me last reported it. Every screen reads it
 * from here (no screen asks auth.me itself), so all of them show the same user.
 */
export function useSession(): SessionApi {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error("useSession needs a SessionProvider around it");
  return ctx;
}
