import { afterAll, afterEach, beforeAll, beforeEach, setDefaultTimeout } from "bun:test";
import { AppProviders } from "@client/app/providers";
import { createQueryClient } from "@client/app/query-client";
import { AppRoutes } from "@client/app/routes";
import { toaster } from "@client/lib/notify";
import { trpc } from "@client/lib/trpc";
import type { AppRouter } from "@server/api/root-router";
import type { AppDeps } from "@server/deps";
import { cleanup, render } from "@testing-library/react";
import { TRPCClientError, type TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import { MemoryRouter, useLocation } from "react-router-dom";
import { callerLink } from "../support/caller-link";
import { anonymousCaller, callerFor, TEST_PASSWORD } from "../support/server";

// The whole console (providers, session, route table, shell) rendered in happy-dom, talking to the
// real router in-process. The "browser session" is a caller that changes on sign-in and sign-out,
// the way a cookie would.

/**
 * Call at the top of each test file that renders the console (module-level hooks here would
 * register only for the first file of a run).
 *
 * Chakra's overlays and toasts run zag state machines that update React from their own timers,
 * outside any act(); React would report each as a console.error (a failure here). Testing Library
 * still wraps its own render/events/waitFor in act, and every assertion here waits for what it
 * expects (findBy/waitFor), so outside act the environment flag is off for these files only.
 * Signing in hashes passwords (argon2id) and screens load as lazy chunks: on a busy 2-core
 * machine a whole sign-in flow can pass 5 s, hence the longer default timeout.
 */
export function setupConsoleTests() {
  const g = globalThis as { IS_REACT_ACT_ENVIRONMENT?: unknown };
  let previous: unknown;
  setDefaultTimeout(20_000);
  beforeAll(() => {
    previous = g.IS_REACT_ACT_ENVIRONMENT;
    g.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterAll(() => {
    g.IS_REACT_ACT_ENVIRONMENT = previous;
  });
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    toaster.remove();
  });
}

type Caller = Awaited<ReturnType<typeof callerFor>>;

export interface BrowserSession {
  /** What the link calls: the signed-in caller, or the anonymous one. */
  readonly caller: Record<string, unknown>;
  signInAs(email: string, password?: string): Promise<void>;
  /** The session dies on the server side (expired, revoked). */
  revoke(): void;
}

export function browserSession(deps: AppDeps): BrowserSession {
  let current: Caller | ReturnType<typeof anonymousCaller> = anonymousCaller(deps);
  const session: BrowserSession = {
    get caller() {
      return new Proxy(current as unknown as Record<string, Record<string, unknown>>, {
        get(target, domain: string) {
          if (domain !== "auth") return target[domain];
          // tRPC callers are proxies without enumerable keys: wrap, do not spread.
          const auth = target.auth as Record<string, unknown>;
          const overrides: Record<string, unknown> = {
            login: async (input: { email: string; password: string }) => {
              const user = await anonymousCaller(deps).auth.login(input);
              await session.signInAs(input.email, input.password);
              return user;
            },
            logout: async () => {
              const result = await current.auth.logout();
              session.revoke();
              return result;
            },
          };
          return new Proxy(auth, { get: (a, name: string) => overrides[name] ?? a[name] });
        },
      });
    },
    async signInAs(email, password = TEST_PASSWORD) {
      current = await callerFor(deps, email, password);
    },
    revoke() {
      current = anonymousCaller(deps);
    },
  };
  return session;
}

/** Every call goes through `link`'s current caller; flip `down` to make the server unreachable. */
export function switchableLink(session: BrowserSession, initial: { down?: boolean; hold?: string[] } = {}) {
  /** down: no answer at all; hold: these procedures never answer; refuse: these answer with a status. */
  const state = {
    down: initial.down ?? false,
    hold: new Set(initial.hold),
    refuse: new Map<string, number>(),
  };
  const link: TRPCLink<AppRouter> = (runtime) => {
    return (ctx) =>
      observable((observer) => {
        if (state.hold.has(ctx.op.path)) return; // never answers: a request in flight
        if (state.down) {
          observer.error(TRPCClientError.from(new TypeError("Failed to fetch")));
          return;
        }
        const status = state.refuse.get(ctx.op.path);
        if (status) {
          const error = { message: "Refused", code: -32000, data: { code: "FORBIDDEN", httpStatus: status } };
          observer.error(TRPCClientError.from({ error }));
          return;
        }
        return callerLink(session.caller)(runtime)(ctx).subscribe(observer);
      });
  };
  return { link, state };
}

export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export function renderConsole(
  session: BrowserSession,
  path = "/",
  network: { down?: boolean; hold?: string[] } = {},
) {
  const { link, state } = switchableLink(session, network);
  const queryClient = createQueryClient();
  const trpcClient = trpc.createClient({ links: [link] });
  const view = render(
    <AppProviders trpcClient={trpcClient} queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, queryClient, network: state };
}
