import type { AppDeps } from "@server/deps";
import { createSteamClient } from "@server/features/analytics/steam/client";
import type { Env } from "@server/platform/env";
import { testDeps } from "../../support/server";

export const FAKE_PARTNER_KEY = "fake-partner-key";

/**
 * Test deps whose Steam client never really waits: backoff delays are recorded in `sleeps` instead.
 * The partner key is the fake's unless `env` says otherwise (pass "" for no key).
 */
export function steamTestDeps(
  env: Partial<Record<keyof Env, string>> = {},
  overrides: Partial<AppDeps> = {},
) {
  const deps = testDeps({ STEAM_PARTNER_API_KEY: FAKE_PARTNER_KEY, ...env }, overrides);
  const sleeps: number[] = [];
  deps.steam = createSteamClient(deps.env, {
    timeoutMs: 2000,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  return Object.assign(deps, { sleeps });
}
