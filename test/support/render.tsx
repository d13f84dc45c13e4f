import { ChakraProvider, defaultSystem } from "@chakra-ui/react";
import { createQueryClient } from "@client/app/query-client";
import { SessionProvider } from "@client/app/session";
import { trpc } from "@client/lib/trpc";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { type Caller, callerLink } from "./caller-link";
import { waitUntil } from "./wait";

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

/**
 * Runs `action` and stays inside act until `done` holds (failing after 10 s), then `settleMs` more,
 * so what the server's answer sets off (a dialog closing once its mutation settles) happens in act.
 */
export async function actUntil(
  action: () => void,
  done: () => boolean | Promise<boolean> = () => true,
  settleMs = 0,
) {
  await act(async () => {
    action();
    await waitUntil(done, 10_000, "the answer to land");
    if (settleMs > 0) await Bun.sleep(settleMs);
  });
}
