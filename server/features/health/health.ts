import type { AppDeps } from "@server/deps";
import { orgScope } from "@server/features/projects";
import {
  failureTimes,
  findDestination,
  findStream,
  intentsOf,
  plannedReconnectTimes,
  runsOf,
  storePageSpans,
} from "@server/features/streaming";
import { destinations, projects } from "@server/platform/db/schema";
import { iso } from "@server/platform/iso";
import { UPTIME_MIN_INTENDED_SECONDS } from "@shared/limits";
import type { HealthAnswer, UptimeAnswer, WorstUptime } from "@shared/schemas/health";
import type { SessionUser } from "@shared/types";
import { eq } from "drizzle-orm";
import { samplesOf } from "./sample-store";
import { computeUptime } from "./uptime-math";

const DAY_MS = 24 * 3600_000;

/**
 * A stream's health samples of the last `hours`, and its planned reconnects in them (shown as marks,
 * not failures); another organisation's stream is not found.
 */
export async function streamHealth(
  deps: AppDeps,
  user: SessionUser,
  streamId: number,
  hours: number,
): Promise<HealthAnswer> {
  await findStream(deps, user, streamId);
  const since = deps.now() - hours * 3600_000;
  const samples = (await samplesOf(deps.db, streamId, since)).map((s) => ({
    at: iso(s.at),
    span_seconds: s.span,
    bitrate_kbps: s.bitrateKbps,
    bitrate_min_kbps: s.bitrateMin,
    bitrate_max_kbps: s.bitrateMax,
    fps: s.fps,
    fps_min: s.fpsMin,
    fps_max: s.fpsMax,
    speed: s.speed,
    dropped_frames: s.dropped,
    dup_frames: s.dup,
  }));
  const planned_reconnects = (await plannedReconnectTimes(deps.db, streamId, since)).map((at) => ({
    at: iso(at),
  }));
  return { stream_id: streamId, samples, planned_reconnects };
}

async function uptimeOf(deps: AppDeps, destinationId: number, days: number): Promise<UptimeAnswer> {
  const to = deps.now();
  const from = to - days * DAY_MS;
  return computeUptime({
    intents: await intentsOf(deps.db, destinationId, from, to),
    runs: await runsOf(deps.db, destinationId, from, to),
    failures: await failureTimes(deps.db, destinationId, from, to),
    storePage: await storePageSpans(deps.db, destinationId, from, to),
    from,
    to,
  });
}

/** How much of the last `days` the destination was live while someone wanted it live. */
export async function destinationUptime(
  deps: AppDeps,
  user: SessionUser,
  destinationId: number,
  days: number,
) {
  await findDestination(deps, user, destinationId);
  return uptimeOf(deps, destinationId, days);
}

/**
 * The destination in the caller's scope with the lowest uptime over 7 days (null: none was wanted
 * live). A destination meant to be live for less than UPTIME_MIN_INTENDED_SECONDS in the period is
 * left out: a 40-second test against a closed port is not the week's worst broadcast.
 */
export async function worstUptime(deps: AppDeps, user: SessionUser): Promise<WorstUptime | null> {
  const rows = await deps.db
    .select({ id: destinations.id, name: destinations.name, project: projects.name })
    .from(destinations)
    .innerJoin(projects, eq(projects.id, destinations.projectId))
    .where(orgScope(user));
  let worst: WorstUptime | null = null;
  for (const d of rows) {
    const figures = await uptimeOf(deps, d.id, 7);
    const percent = figures.uptime_percent;
    if (figures.intended_seconds < UPTIME_MIN_INTENDED_SECONDS) continue;
    if (percent === null || (worst && worst.uptime_percent <= percent)) continue;
    worst = {
      destination_id: d.id,
      destination_name: d.name,
      project_name: d.project,
      uptime_percent: percent,
    };
  }
  return worst;
}
