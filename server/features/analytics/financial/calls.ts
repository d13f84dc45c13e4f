import { syncCall } from "@server/features/analytics/sync-calls";
import { call } from "@server/platform/api/call";
import {
  allAppsSyncInput,
  projectOnlyInput,
  syncInput,
  testFinancialApiInput,
} from "@shared/schemas/analytics";
import { testFinancialApi } from "./api-check";
import * as financial from "./financial";

// Fetching a game's sales from Steam's partner API, and checking that the key can; each call
// declared once, under the analytics router.
export const financialCalls = {
  syncFinancial: syncCall({
    input: syncInput,
    path: "/analytics/financial/sync-historical/:id",
    summary: "Fetch sales for the last days",
    start: financial.syncFinancialPeriod,
  }),
  syncFinancialRecent: syncCall({
    input: projectOnlyInput,
    path: "/analytics/financial/fetch-recent/:id",
    summary: "Fetch the newest sales",
    start: financial.syncFinancialRecent,
  }),
  syncFinancialHistory: syncCall({
    input: projectOnlyInput,
    path: "/analytics/financial/fetch-all-history/:id",
    summary: "Fetch every day of sales Steam has",
    start: financial.syncFinancialHistory,
  }),
  syncAllApps: syncCall({
    input: allAppsSyncInput,
    path: "/analytics/financial/fetch-all-apps",
    summary: "Fetch sales for every project with financial analytics on",
    start: financial.syncAllApps,
  }),
  /** The console runs it from the test dialog's button, so over tRPC it is a mutation. */
  testFinancialApi: call({
    auth: "user",
    input: testFinancialApiInput,
    kind: "mutation",
    rest: { method: "get", path: "/analytics/steam/test-financial-api" },
    doc: {
      summary: "Check that the Steam partner key can read this app's sales",
      answer: { description: "What each check found." },
      errors: [403, 502],
    },
    handler: ({ deps, user }, input) => testFinancialApi(deps, user, input),
  }),
};
