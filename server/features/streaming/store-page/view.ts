import { iso } from "@server/platform/iso";
import type { StorePageView } from "@shared/schemas/store-page";
import type { Verdict } from "./verdict";

/** A running stream to a Steam destination, as the check follows it. */
export interface Watched {
  streamId: number;
  destinationId: number;
  projectId: number;
  destinationName: string;
  steamId: string | null;
  projectAppId: number | null;
  /** Publishing since, or Steam last showed it since: the later of the two. */
  waitingSince: number;
  current: Verdict & { since: number; checkedAt: number | null };
  unwatch: (() => void) | null;
  timer: ReturnType<typeof setTimeout> | null;
}

/** What the card and the API show of a destination's store-page check; all null when it is not followed. */
export function viewOf(destinationId: number, w: Watched | null): StorePageView {
  if (!w)
    return {
      destination_id: destinationId,
      stream_id: null,
      state: null,
      since: null,
      app_id: null,
      app_title: null,
      reason: null,
      checked_at: null,
    };
  const c = w.current;
  return {
    destination_id: destinationId,
    stream_id: w.streamId,
    state: c.state,
    since: iso(c.since),
    app_id: c.appId,
    app_title: c.appTitle,
    reason: c.reason || null,
    checked_at: iso(c.checkedAt),
  };
}
