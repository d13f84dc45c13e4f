import type { AppDeps } from "@server/deps";
import { requirePermission, requireProject } from "@server/features/projects";
import { forUpdate } from "@server/platform/db/portable";
import { projects, watchlistApps } from "@server/platform/db/schema";
import { badRequest, conflict, notFound } from "@server/platform/errors";
import { WATCHLIST, WATCHLIST_MAX } from "@shared/messages/watchlist";
import type { WatchlistAnswer } from "@shared/schemas/watchlist";
import type { SessionUser } from "@shared/types";
import { and, asc, count, eq } from "drizzle-orm";
import { statesOf } from "./app-states";

// A project's watch list: up to WATCHLIST_MAX other Steam apps whose public figures the console
// samples beside the project's own game. Reading it takes access to the project; changing it takes
// the permission of the other analytics settings.

/** Every app on some project's watch list, each once. */
export async function watchlistAppIds(deps: AppDeps): Promise<number[]> {
  const rows = await deps.db.selectDistinct({ appId: watchlistApps.appId }).from(watchlistApps);
  return rows.map((r) => r.appId);
}

export function projectWatchlist(deps: AppDeps, projectId: number) {
  return deps.db
    .select()
    .from(watchlistApps)
    .where(eq(watchlistApps.projectId, projectId))
    .orderBy(asc(watchlistApps.addedAt), asc(watchlistApps.appId));
}

export async function getWatchlist(
  deps: AppDeps,
  user: SessionUser,
  input: { projectId: number },
): Promise<WatchlistAnswer> {
  const project = await requireProject(deps, user, input.projectId);
  const rows = await projectWatchlist(deps, project.id);
  const states = await statesOf(
    deps,
    rows.map((r) => r.appId),
  );
  return {
    projectId: project.id,
    max: WATCHLIST_MAX,
    apps: rows.map((r) => ({
      appId: r.appId,
      name: r.name,
      addedAt: new Date(r.addedAt).toISOString(),
      states: states.get(r.appId)!,
    })),
  };
}

export async function addToWatchlist(
  deps: AppDeps,
  user: SessionUser,
  input: { projectId: number; appId: number; name?: string },
): Promise<WatchlistAnswer> {
  const project = await requireProject(deps, user, input.projectId);
  requirePermission(user, "analytics.settings");
  if (project.steamAppId === input.appId) throw badRequest(WATCHLIST.ownGame);
  // Counted and inserted in one transaction with the project's row locked (PostgreSQL; SQLite writes
  // one at a time), so two adds racing for the last place cannot both win.
  await deps.db.transaction(async (tx) => {
    await forUpdate(tx.select({ id: projects.id }).from(projects).where(eq(projects.id, project.id)));
    const where = eq(watchlistApps.projectId, project.id);
    const [held] = await tx.select({ n: count() }).from(watchlistApps).where(where);
    const [dup] = await tx
      .select({ appId: watchlistApps.appId })
      .from(watchlistApps)
      .where(and(where, eq(watchlistApps.appId, input.appId)));
    if (dup) throw conflict(WATCHLIST.already);
    if ((held?.n ?? 0) >= WATCHLIST_MAX) throw conflict(WATCHLIST.full);
    await tx.insert(watchlistApps).values({
      projectId: project.id,
      appId: input.appId,
      name: input.name ?? `App ${input.appId}`,
      addedAt: deps.now(),
    });
  });
  return getWatchlist(deps, user, { projectId: project.id });
}

export async function removeFromWatchlist(
  deps: AppDeps,
  user: SessionUser,
  input: { projectId: number; appId: number },
): Promise<WatchlistAnswer> {
  const project = await requireProject(deps, user, input.projectId);
  requirePermission(user, "analytics.settings");
  const gone = await deps.db
    .delete(watchlistApps)
    .where(and(eq(watchlistApps.projectId, project.id), eq(watchlistApps.appId, input.appId)))
    .returning({ appId: watchlistApps.appId });
  if (gone.length === 0) throw notFound(WATCHLIST.notOnList);
  return getWatchlist(deps, user, { projectId: project.id });
}
