import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { QUERY_STALE_MS } from "../../shared/limits";
import { errorStatus } from "../lib/errors";
import { reportApiError } from "./api-errors";

/** Retry a failed query once, but never a refusal (4xx): asking again gets the same answer, later. */
export function retryOnce(failureCount: number, err: unknown): boolean {
  const status = errorStatus(err);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < 1;
}

/** Cached for 5 minutes, one retry, no refetch on focus; every failure is reported to the session. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportApiError }),
    mutationCache: new MutationCache({ onError: reportApiError }),
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_MS, retry: retryOnce, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
