import type { AppDeps } from "@server/deps";
import { orgScope } from "@server/features/projects";
import { projects, streams } from "@server/platform/db/schema";
import type { SystemInfo } from "@shared/schemas/streaming";
import type { SessionUser } from "@shared/types";
import { and, count, eq, gte, or, type SQL } from "drizzle-orm";
import { liveStatusFilter } from "./stream-store";
import { serverCpuPercent } from "./system-figures";

/** Midnight UTC of the day `now` falls in: "today" for the daily figures. */
export const startOfDay = (now: number) => now - (now % 86_400_000);

/** Counts streams matching the conditions; admins system-wide, everyone else their organization's. */
export async function streamCount(
  deps: AppDeps,
  user: SessionUser,
  ...conditions: (SQL | undefined)[]
): Promise<number> {
  const [row] = await deps.db
    .select({ n: count() })
    .from(streams)
    .innerJoin(projects, eq(projects.id, streams.projectId))
    .where(and(orgScope(user), ...conditions));
  return row?.n ?? 0;
}

/** A stream failed today if it ended in error or failed at least once (and was restarted). */
export const hasFailed = () => or(eq(streams.status, "error"), gte(streams.errorCount, 1));

/** Admins see the machine; everyone else sees only their own projects' streams, not the server's load. */
export async function systemInfo(deps: AppDeps, user: SessionUser): Promise<SystemInfo> {
  const current = await streamCount(deps, user, liveStatusFilter());
  const today = gte(streams.startedAt, startOfDay(deps.now()));
  const statistics = {
    total_streams_today: await streamCount(deps, user, today),
    error_streams_today: await streamCount(deps, user, today, hasFailed()),
  };
  if (user.role !== "admin") return { scope: "projects", system: { currentStreams: current }, statistics };
  const max = deps.env.MAX_CONCURRENT_STREAMS ?? null;
  return {
    scope: "system",
    system: {
      currentStreams: current,
      maxStreams: max,
      utilizationPercent: max ? Math.round((current / max) * 1000) / 10 : 0,
      cpuPercent: serverCpuPercent(),
      memoryUsage: { rss: process.memoryUsage().rss },
    },
    statistics,
  };
}
