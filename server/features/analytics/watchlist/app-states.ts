import type { AppDeps } from "@server/deps";
import { utcDate } from "@server/features/analytics/steam/dates";
import { SteamError } from "@server/features/analytics/steam/errors";
import { projects, steamAppStates } from "@server/platform/db/schema";
import type { WatchState } from "@shared/schemas/watchlist";
import { and, eq, inArray } from "drizzle-orm";

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

/**
 * Whether Steam said today (UTC) that it does not know the app: a daily pass then leaves it until
 * tomorrow instead of asking again every hour.
 */
export async function unknownToday(deps: AppDeps, appId: number, source: StateSource): Promise<boolean> {
  const [row] = await deps.db
    .select()
    .from(steamAppStates)
    .where(and(eq(steamAppStates.appId, appId), eq(steamAppStates.source, source)));
  return row?.state === "unknown_app" && utcDate(row.checkedAt) === utcDate(deps.now());
}

/** Whether the app is some project's own game with Steam analytics on. */
export async function isOwnApp(deps: AppDeps, appId: number): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.steamAppId, appId), eq(projects.steamAnalyticsEnabled, true)))
    .limit(1);
  return Boolean(row);
}
