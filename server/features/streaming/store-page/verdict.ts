import { STORE_PAGE } from "@shared/messages/store-page";
import type { StorePageState } from "@shared/schemas/store-page";
import type { BroadcastInfo } from "./broadcast-info";

export interface StorePageTimings {
  /** Between two checks of one account. */
  pollMs: number;
  /** Waits after failed checks, one per failure in a row; the last repeats. */
  backoffMs: readonly number[];
  /** How long Steam usually takes to show a new stream: Pushed is normal until then. */
  normalDelayMs: number;
  /** Pushed for longer than this without Steam showing it: Not shown. */
  notShownMs: number;
}

export const DEFAULT_STORE_PAGE_TIMINGS: StorePageTimings = {
  pollMs: 30_000,
  backoffMs: [30_000, 60_000, 120_000, 240_000, 300_000],
  normalDelayMs: 60_000,
  notShownMs: 120_000,
};

/** The last word from Steam about an account: an answer, or why there was none. */
export type Check =
  | { at: number; ok: true; info: BroadcastInfo }
  | { at: number; ok: false; misunderstood: boolean };

export interface Verdict {
  state: StorePageState;
  appId: number | null;
  appTitle: string | null;
  reason: string;
}

/**
 * The state of one running stream, from Steam's last word and the times that matter. `waitingSince`
 * is when the stream started publishing, or when Steam last showed it, whichever is later: a stream
 * Steam stops showing gets the same two minutes as a new one before it reads Not shown.
 */
export function verdict(input: {
  check: Check | null;
  projectAppId: number;
  waitingSince: number;
  now: number;
  timings: StorePageTimings;
}): Verdict {
  const { check, projectAppId, waitingSince, now, timings } = input;
  if (check && !check.ok)
    return unknown(check.misunderstood ? STORE_PAGE.answerNotUnderstood : STORE_PAGE.checkFailed);
  const info = check?.info;
  if (info?.online && info.appId === projectAppId)
    return {
      state: "on_store_page",
      appId: info.appId,
      appTitle: info.appTitle,
      reason: STORE_PAGE.shownOnStorePage,
    };
  if (info?.online) {
    const game = info.appTitle ?? `app ${info.appId}`;
    return { state: "other_app", appId: info.appId, appTitle: game, reason: STORE_PAGE.shownElsewhere(game) };
  }
  const waited = now - waitingSince;
  if (waited > timings.notShownMs)
    return { state: "not_shown", appId: null, appTitle: null, reason: STORE_PAGE.neverShown };
  const reason = waited > timings.normalDelayMs ? STORE_PAGE.slowSteam : STORE_PAGE.waitingForSteam;
  return { state: "pushed", appId: null, appTitle: null, reason };
}

export const unknown = (reason: string): Verdict => ({
  state: "unknown",
  appId: null,
  appTitle: null,
  reason,
});

/** Whether a new verdict is a change for the history (a new state, or another game's page for another). */
export const changed = (a: Verdict | null, b: Verdict) => !a || a.state !== b.state || a.appId !== b.appId;
