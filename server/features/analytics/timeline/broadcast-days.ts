import type { AppDeps } from "@server/deps";
import { intersect, union } from "@server/features/health";
import { intentsOf, runsOf, type Span } from "@server/features/streaming";
import { destinations } from "@server/platform/db/schema";
import { eq } from "drizzle-orm";

// Seconds per UTC day that a project was on air: for each of its destinations, the time it was both
// wanted live and really publishing (the uptime record's definition), then merged across
// destinations, so two destinations live at once count once and a day never exceeds 24 h.

const DAY_MS = 86_400_000;

export async function liveSecondsPerDay(
  deps: AppDeps,
  projectId: number,
  dates: string[],
  now: number,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (dates.length === 0) return out;
  const from = Date.parse(`${dates[0]}T00:00:00Z`);
  const to = Math.min(Date.parse(`${dates.at(-1)}T00:00:00Z`) + DAY_MS, now);
  if (to <= from) return out;
  const ids = await deps.db
    .select({ id: destinations.id })
    .from(destinations)
    .where(eq(destinations.projectId, projectId));
  const live: Span[] = [];
  for (const { id } of ids) {
    const wanted = union(await intentsOf(deps.db, id, from, to), from, to);
    const running = union(await runsOf(deps.db, id, from, to), from, to);
    for (const [start, end] of intersect(wanted, running)) live.push({ start, end });
  }
  const merged = union(live, from, to);
  for (const date of dates) {
    const dayStart = Date.parse(`${date}T00:00:00Z`);
    const dayEnd = dayStart + DAY_MS;
    let ms = 0;
    for (const [a, b] of merged) ms += Math.max(0, Math.min(b, dayEnd) - Math.max(a, dayStart));
    if (ms > 0) out.set(date, Math.round(ms / 1000));
  }
  return out;
}
