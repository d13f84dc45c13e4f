import type { AppDeps } from "@server/deps";
import { storageOverview } from "@server/features/media";
import { orgScope } from "@server/features/projects";
import {
  clearEndedStreams,
  liveStatusFilter,
  startOfDay,
  streamCount,
  wentLive,
} from "@server/features/streaming";
import { greatest } from "@server/platform/db/portable";
import { mediaFiles, organizations, projects, streams, users } from "@server/platform/db/schema";
import { iso } from "@server/platform/iso";
import type { ActivityItem, DashboardStats } from "@shared/schemas/dashboard";
import type { StorageOverview } from "@shared/schemas/media-library";
import type { SessionUser } from "@shared/types";
import { and, count, desc, eq, gte, isNull, or, type SQL, sql } from "drizzle-orm";

/** How many items Recent Activity shows. */
export const ACTIVITY_LIMIT = 10;

/** The one number a `count()` or `sum()` select answers (0 without a row). */
const single = async (query: PromiseLike<{ n: number }[]>) => (await query)[0]?.n ?? 0;

export async function dashboardStats(deps: AppDeps, user: SessionUser): Promise<DashboardStats> {
  const now = deps.now();
  const today = startOfDay(now);
  const scope = orgScope(user);
  const totalProjects = await single(deps.db.select({ n: count() }).from(projects).where(scope));
  const totalMediaFiles = await single(
    deps.db
      .select({ n: count() })
      .from(mediaFiles)
      .innerJoin(projects, eq(projects.id, mediaFiles.projectId))
      .where(scope),
  );
  // Hours streamed today: each stream's time inside today, live ones up to now.
  const inToday = sql`coalesce(${streams.stoppedAt}, ${now}) - ${greatest(streams.startedAt, today)}`;
  const streamedMs = await single(
    deps.db
      .select({ n: sql`coalesce(sum(${greatest(0, inToday)}), 0)`.mapWith(Number) })
      .from(streams)
      .innerJoin(projects, eq(projects.id, streams.projectId))
      .where(and(scope, or(isNull(streams.stoppedAt), gte(streams.stoppedAt, today)))),
  );
  const stats: DashboardStats = {
    userRole: user.role,
    activeStreams: await streamCount(deps, user, liveStatusFilter()),
    totalProjects,
    totalMediaFiles,
    streamHours: Math.round((streamedMs / 3_600_000) * 10) / 10,
    streamsToday: await streamCount(deps, user, gte(streams.startedAt, today)),
  };
  if (user.role === "admin") {
    stats.totalUsers = await single(deps.db.select({ n: count() }).from(users));
    stats.totalOrganizations = await single(deps.db.select({ n: count() }).from(organizations));
  }
  return stats;
}

type Dated = ActivityItem & { at: number };

/** The newest streams in scope, as activity items. */
async function recentStreams(deps: AppDeps, scope: SQL | undefined): Promise<Dated[]> {
  const rows = await deps.db
    .select({
      id: streams.id,
      media_name: streams.mediaName,
      destination_name: streams.destinationName,
      status: streams.status,
      project_name: projects.name,
      user_name: users.name,
      at: streams.startedAt,
      stoppedAt: streams.stoppedAt,
      error_count: streams.errorCount,
      destinationId: streams.destinationId,
    })
    .from(streams)
    .innerJoin(projects, eq(projects.id, streams.projectId))
    .leftJoin(users, eq(users.id, streams.startedBy))
    .where(scope)
    .orderBy(desc(streams.startedAt), desc(streams.id))
    .limit(ACTIVITY_LIMIT);
  const out: Dated[] = [];
  for (const { stoppedAt, destinationId, ...r } of rows) {
    out.push({
      ...r,
      activity_type: "stream" as const,
      original_name: null,
      started_at: iso(r.at),
      stopped_at: iso(stoppedAt),
      went_live: r.status === "running" ? true : await wentLive(deps.db, r.id, destinationId),
      created_at: iso(r.at),
    });
  }
  return out;
}

/** The newest uploads in scope, as activity items. */
async function recentUploads(deps: AppDeps, scope: SQL | undefined): Promise<Dated[]> {
  const rows = await deps.db
    .select({
      id: mediaFiles.id,
      original_name: mediaFiles.originalName,
      project_name: projects.name,
      user_name: users.name,
      at: mediaFiles.createdAt,
    })
    .from(mediaFiles)
    .innerJoin(projects, eq(projects.id, mediaFiles.projectId))
    .leftJoin(users, eq(users.id, mediaFiles.uploadedBy))
    .where(scope)
    .orderBy(desc(mediaFiles.createdAt), desc(mediaFiles.id))
    .limit(ACTIVITY_LIMIT);
  return rows.map((r) => ({
    ...r,
    activity_type: "media" as const,
    media_name: null,
    destination_name: null,
    status: null,
    started_at: null,
    stopped_at: null,
    went_live: null,
    error_count: null,
    created_at: iso(r.at),
  }));
}

/** The newest streams and uploads together, newest first. */
export async function recentActivity(deps: AppDeps, user: SessionUser): Promise<ActivityItem[]> {
  const scope = orgScope(user);
  return [...(await recentStreams(deps, scope)), ...(await recentUploads(deps, scope))]
    .sort((a, b) => b.at - a.at)
    .slice(0, ACTIVITY_LIMIT)
    .map(({ at: _at, ...item }) => item);
}

export { clearEndedStreams };

/** The disk media takes, for the projects the user sees (admins: every project). */
export function storageInScope(deps: AppDeps, user: SessionUser): Promise<StorageOverview> {
  return storageOverview(deps, orgScope(user));
}
