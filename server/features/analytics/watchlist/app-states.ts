import type { AppDeps } from "@server/deps";
import { SteamError } from "@server/features/analytics/steam/errors";
import { steamAppStates } from "@server/platform/db/schema";
import type { WatchState } from "@shared/schemas/watchlist";
import { inArray } from "drizzle-orm";

// The outcome of the last read of each kind per app, so the Compare card can say "Steam does not know
// this app" or "rate limited" instead of drawing an empty chart, and a zero is never invented.

export type StateSource = "players" | "reviews" | "details";

/** The state a failed read leaves behind. */
export function stateOfError(err: unknown): WatchState {
  if (err instanceof SteamError) {
    if (err.kind === "unknown_app") return "unknown_app";
    if (err.kind === "rate_limited") return "rate_limited";
  }
  return "unavailable";
}

export async function noteState(
  deps: AppDeps,
  appId: number,
  source: StateSource,
  state: WatchState,
): Promise<void> {
  const values = { state, checkedAt: deps.now() };
  await deps.db
    .insert(steamAppStates)
    .values({ appId, source, ...values })
    .onConflictDoUpdate({ target: [steamAppStates.appId, steamAppStates.source], set: values });
}

export type AppStates = Record<StateSource, WatchState | null>;

/** Each app's last states; an app never read has null for each. */
export async function statesOf(deps: AppDeps, appIds: number[]): Promise<Map<number, AppStates>> {
  const out = new Map<number, AppStates>(
    appIds.map((id) => [id, { players: null, reviews: null, details: null }]),
  );
  if (appIds.length === 0) return out;
  const rows = await deps.db.select().from(steamAppStates).where(inArray(steamAppStates.appId, appIds));
  for (const r of rows) {
    const s = out.get(r.appId);
    if (s && (r.source === "players" || r.source === "reviews" || r.source === "details"))
      s[r.source] = r.state as WatchState;
  }
  return out;
}
