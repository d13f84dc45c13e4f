import type { AppRouter } from "@server/api/root-router";
import { FINANCIAL_API_TEST_TIMEOUT_MS, LOGIN_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from "@shared/limits";
import { httpBatchLink, type TRPCLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";

export const trpc = createTRPCReact<AppRouter>();

/** The single API base: every call goes to the same origin, with cookies. */
export const API_BASE = "/api";
export const TRPC_URL = `${API_BASE}/trpc`;

/**
 * Per-procedure request timeouts; everything else gets REQUEST_TIMEOUT_MS. A call that legitimately
 * runs longer adds its procedure path here (the Steam syncs do not: they answer at once with a job).
 */
export const REQUEST_TIMEOUTS: Record<string, number> = {
  "auth.login": LOGIN_TIMEOUT_MS,
  "analytics.testFinancialApi": FINANCIAL_API_TEST_TIMEOUT_MS,
};

/** A batched request carries several procedures in its path ("a.b,c.d"): the longest allowance wins. */
export function timeoutForUrl(url: string): number {
  const path = new URL(url, "http://x").pathname;
  const procedures = decodeURIComponent(path.slice(path.lastIndexOf("/") + 1)).split(",");
  return Math.max(REQUEST_TIMEOUT_MS, ...procedures.map((p) => REQUEST_TIMEOUTS[p] ?? 0));
}

/** fetch with cookies and a deadline; a timeout surfaces like an unreachable server. */
export function apiFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const deadline = AbortSignal.timeout(timeoutForUrl(url));
  const signal =
    init?.signal && typeof AbortSignal.any === "function"
      ? AbortSignal.any([init.signal, deadline])
      : deadline;
  return fetch(input, { ...init, credentials: "include", signal });
}

export function apiLinks(): TRPCLink<AppRouter>[] {
  // Batched queries travel as GET; past this length they are split rather than refused by a proxy.
  return [httpBatchLink({ url: TRPC_URL, fetch: apiFetch, maxURLLength: 2000 })];
}

export function createTrpcClient(links: TRPCLink<AppRouter>[] = apiLinks()) {
  return trpc.createClient({ links });
}
