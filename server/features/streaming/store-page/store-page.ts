import type { AppDeps } from "@server/deps";
import { inOrgScope, requireProject } from "@server/features/projects";
import { findDestination } from "@server/features/streaming/destinations";
import { findStream } from "@server/features/streaming/streams";
import { destinations, projects } from "@server/platform/db/schema";
import { badRequest, conflict } from "@server/platform/errors";
import { iso } from "@server/platform/iso";
import { STORE_PAGE } from "@shared/messages/store-page";
import type { StorePageChange, StorePageOverview, StorePageView } from "@shared/schemas/store-page";
import type { SessionUser } from "@shared/types";
import { eq, inArray } from "drizzle-orm";
import { historyOf } from "./state-store";
import { steamIdFromKey } from "./steam-key";
import { viewOf } from "./view";

// The store-page calls: a destination's state now, a check now, and a stream's history of states.
// Tenancy as for every destination read; refusals come before anything is asked or changed.

/** A check asked for by a person is sent at most this often per destination; otherwise the last stands. */
const CHECK_AT_MOST_EVERY_MS = 5_000;

/** A Steam destination with a key in Steam's form, in a project with an app id; else a plain 4xx. */
async function requireCheckable(deps: AppDeps, user: SessionUser, destinationId: number) {
  const destination = await findDestination(deps, user, destinationId);
  if (destination.type !== "steam") throw badRequest(STORE_PAGE.notSteamDestination);
  if (!steamIdFromKey(destination.streamKey)) throw badRequest(STORE_PAGE.keyNotSteamRefused);
  // The destination was found in the user's scope, so its project is too.
  if ((await requireProject(deps, user, destination.projectId)).steamAppId == null)
    throw badRequest(STORE_PAGE.noAppIdRefused);
  return destination;
}

export async function storePageState(
  deps: AppDeps,
  user: SessionUser,
  destinationId: number,
): Promise<StorePageView> {
  await requireCheckable(deps, user, destinationId);
  return viewOf(destinationId, deps.storePage.ofDestination(destinationId));
}

export async function checkStorePage(
  deps: AppDeps,
  user: SessionUser,
  destinationId: number,
): Promise<StorePageView> {
  await requireCheckable(deps, user, destinationId);
  const w = deps.storePage.ofDestination(destinationId);
  if (!w) throw conflict(STORE_PAGE.notRunning);
  const last = w.current.checkedAt;
  if (last !== null && deps.now() - last < CHECK_AT_MOST_EVERY_MS) return viewOf(destinationId, w);
  return viewOf(destinationId, await deps.storePage.checkNow(destinationId));
}

/** A stream's changes of store-page state, oldest first (empty for streams the check did not follow). */
export async function storePageHistory(
  deps: AppDeps,
  user: SessionUser,
  streamId: number,
): Promise<StorePageChange[]> {
  await findStream(deps, user, streamId);
  return (await historyOf(deps.db, streamId)).map((r) => ({
    state: r.state,
    at: iso(r.startedAt) as string,
    ended_at: iso(r.endedAt),
    app_id: r.appId,
    app_title: r.appTitle,
    reason: r.reason,
  }));
}

/** Every live Steam stream the user may see, with its state: the dashboard's badges. */
export async function storePagesInScope(deps: AppDeps, user: SessionUser): Promise<StorePageOverview[]> {
  const watched = deps.storePage.all();
  if (watched.length === 0) return [];
  const rows = await deps.db
    .select({
      id: destinations.id,
      name: destinations.name,
      projectId: projects.id,
      project: projects.name,
      orgId: projects.orgId,
    })
    .from(destinations)
    .innerJoin(projects, eq(projects.id, destinations.projectId))
    .where(
      inArray(
        destinations.id,
        watched.map((w) => w.destinationId),
      ),
    );
  const byId = new Map(rows.filter((r) => inOrgScope(user, r.orgId)).map((r) => [r.id, r]));
  return watched
    .filter((w) => byId.has(w.destinationId))
    .map((w) => {
      const r = byId.get(w.destinationId)!;
      return {
        ...viewOf(w.destinationId, w),
        destination_name: r.name,
        project_id: r.projectId,
        project_name: r.project,
      };
    })
    .sort(
      (a, b) =>
        a.project_name.localeCompare(b.project_name) || a.destination_name.localeCompare(b.destination_name),
    );
}
