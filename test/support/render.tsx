import { ChakraProvider, defaultSystem } from "@chakra-ui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { TRPCClientError, type TRPCLink } from "@trpc/client";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { observable } from "@trpc/server/observable";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { createQueryClient } from "../../client/app/query-client";
import { SessionProvider } from "../../client/app/session";
import { trpc } from "../../client/lib/trpc";
import type { AppRouter } from "../../server/routers/root";

type Caller = Record<string, unknown>;

/**
 * A tRPC link that runs each call through the real router in-process (createCaller on a real
 * test database), so component tests exercise the server without a socket: happy-dom replaces
 * fetch, so HTTP is not an option in this process.
 */
export function callerLink(caller: Caller): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        const fn = op.path.split(".").reduce<unknown>((o, k) => (o as Caller)[k], caller) as (
          input: unknown,
        ) => Promise<unknown>;
        fn(op.input)
          .then((data) => {
            observer.next({ result: { type: "data", data } });
            observer.complete();
          })
          .catch((err: unknown) => {
            const e =
              err instanceof TRPCError ? err : new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause: err });
            const details = (e.cause as { details?: unknown } | undefined)?.details;
            observer.error(
              TRPCClientError.from({
                error: {
                  message: e.message,
                  code: -32000,
                  data: { code: e.code, httpStatus: getHTTPStatusCodeFromError(e), details },
                },
              }),
            );
          });
      });
}

/**
 * Renders UI inside the console's providers, at a route, talking to `caller`. The session comes
 * from the real SessionProvider, which asks auth.me through the same link, as in production.
 */
export function renderWithApp(
  ui: ReactNode,
  opts: { caller: Caller; path?: string; route?: string; extraRoutes?: ReactNode },
) {
  // The console's own query client (its refresh after every change is behaviour under test), less
  // the retry: a failure should show at once here, and retryOnce has tests of its own.
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  const trpcClient = trpc.createClient({ links: [callerLink(opts.caller)] });
  return render(
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ChakraProvider value={defaultSystem}>
          <SessionProvider>
            <MemoryRouter initialEntries={[opts.path ?? "/"]}>
              <Routes>
                <Route path={opts.route ?? "*"} element={ui} />
                {opts.extraRoutes}
              </Routes>
            </MemoryRouter>
          </SessionProvider>
        </ChakraProvider>
      </QueryClientProvider>
    </trpc.Provider>,
  );
}
