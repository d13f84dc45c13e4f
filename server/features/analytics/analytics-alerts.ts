import type { AppDeps } from "@server/deps";
import { projects } from "@server/platform/db/schema";
import type { ConsoleEvent } from "@server/platform/events/bus";
import { ANALYTICS_ALERTS } from "@shared/messages/analytics-alerts";
import { and, eq } from "drizzle-orm";

// Steam figures belong to an app; alerts belong to projects. One occurrence for an app is told to
// every project that watches it, each through its own webhooks.

type AlertFields = Omit<ConsoleEvent, "projectId" | "at">;

export function watchingProjects(deps: AppDeps, appId: number) {
  return deps.db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.steamAppId, appId), eq(projects.steamAnalyticsEnabled, true)));
}

async function emitForApp(deps: AppDeps, appId: number, at: number, fields: AlertFields): Promise<void> {
  for (const p of await watchingProjects(deps, appId))
    deps.events.emit({ ...fields, projectId: p.id, at, appId });
}

export async function emitPlayerPeak(
  deps: AppDeps,
  appId: number,
  at: number,
  players: number,
  previous: number,
): Promise<void> {
  await emitForApp(deps, appId, at, {
    type: "analytics.player_peak",
    players,
    previousPeak: previous,
    message: ANALYTICS_ALERTS.playerPeak(players, previous),
  });
}

export async function emitReviewScoreChanged(
  deps: AppDeps,
  appId: number,
  at: number,
  now: string,
  before: string,
): Promise<void> {
  await emitForApp(deps, appId, at, {
    type: "analytics.review_score_changed",
    reviewScore: now,
    previousReviewScore: before,
    message: ANALYTICS_ALERTS.reviewScoreChanged(now, before),
  });
}
