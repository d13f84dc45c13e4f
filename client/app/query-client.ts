import { errorStatus } from "@client/lib/errors";
import { QUERY_STALE_MS } from "@shared/limits";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { reportApiError } from "./api-errors";

/**
 * Retry a failed query once, but never a refusal (4xx): asking again gets the same answer, later. A
 * 502 is not retried either: the server already retried the upstream (Steam) before giving up.
 */
export function retryOnce(failureCount: number, err: unknown): boolean {
  const status = errorStatus(err);
  if (status !== undefined && ((status >= 400 && status < 500) || status === 502)) return false;
  return failureCount < 1;
}

/**
 * Mutations after which nothing cached has changed, or the session itself is being replaced. A sync's
 * start only starts a job: its screen reloads 2-5 s after the job ends.
 */
const CHANGES_NOTHING_CACHED = new Set([
  "auth.login",
  "auth.logout",
  "analytics.syncSteam",
  "analytics.syncFinancial",
  "analytics.syncFinancialRecent",
  "analytics.syncFinancialHistory",
  "analytics.syncAllApps",
]);

/** A tRPC mutation's key is [["analytics", "syncSteam"]]: its procedure path. */
export function procedureOf(mutationKey: unknown): string {
  const path = Array.isArray(mutationKey) ? mutationKey[0] : undefined;
  return Array.isArray(path) ? path.join(".") : "";
}

/**
 * Cached for 5 minutes, one retry, no refetch on focus; every failure is reported to the session.
 * Any successful change marks every cached answer stale: counts, names and badges show on several
 * screens (a project's media count, a renamed organization in the user table), and tracking which
 * call touches which screen would go wrong sooner or later. Only the screen on view refetches now.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: reportApiError }),
    mutationCache: new MutationCache({
      onError: reportApiError,
      // Returned, the refetch is awaited: a mutation settles once the screen on view shows its
      // result, so busy buttons and toasts line up with what is drawn and screens need no refresh of
      // their own after a success.
      onSuccess: (_data, _vars, _ctx, mutation) =>
        CHANGES_NOTHING_CACHED.has(procedureOf(mutation.options.mutationKey))
          ? undefined
          : client.invalidateQueries(),
    }),
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_MS, retry: retryOnce, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}
