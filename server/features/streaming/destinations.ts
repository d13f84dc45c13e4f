import type { AppDeps } from "@server/deps";
import { requirePermission, requireProject } from "@server/features/projects";
import { destinations } from "@server/platform/db/schema";
import { badRequest, notFound } from "@server/platform/errors";
import { checkUrl, ingestPolicy } from "@server/platform/net/outbound-target";
import { STREAMING } from "@shared/messages/streaming";
import { can } from "@shared/permissions";
import type {
  CreateDestinationInput,
  DestinationView,
  UpdateDestinationInput,
} from "@shared/schemas/streaming";
import type { SessionUser } from "@shared/types";
import { and, asc, eq } from "drizzle-orm";
import { requireCaFile } from "./ca-file";
import { viewOf } from "./store-page/view";
import {
  destinationView,
  latestStreamsByDestination,
  liveStreamsByDestination,
  unleased,
} from "./stream-views";
import { unreadableOnCards } from "./unreadable-views";
import { hasMaskedCredentials, keepStoredCredentials } from "./url-credentials";

// Stream destinations of a project. Tenancy first (404), then the role (403), then the work.

/** Viewers read destinations but never their stream keys. */
const seesKeys = (user: SessionUser) => can(user.role, "destination.manage");

export async function listDestinations(
  deps: AppDeps,
  user: SessionUser,
  projectId: number,
): Promise<DestinationView[]> {
  await requireProject(deps, user, projectId);
  const rows = await deps.db
    .select()
    .from(destinations)
    .where(and(eq(destinations.projectId, projectId), eq(destinations.isActive, true)))
    .orderBy(asc(destinations.id));
  const ids = rows.map((r) => r.id);
  const live = await liveStreamsByDestination(deps, ids);
  const latest = await latestStreamsByDestination(deps, ids);
  const next = await deps.scheduleLinks.nextChanges(deps.db, ids, deps.now());
  const moving = deps.leases
    ? await unleased(
        deps,
        [...live.values()].map((s) => s.id),
      )
    : new Set<number>();
  const cards = rows.map((r) => ({
    live: live.get(r.id),
    latest: latest.get(r.id),
    moving: moving.has(live.get(r.id)?.id ?? 0),
  }));
  const unreadable = deps.leases ? await unreadableOnCards(deps, cards) : [];
  return rows.map((r, i) => ({
    ...destinationView(r, live.get(r.id), seesKeys(user), latest.get(r.id)),
    stream_moving: cards[i]!.moving,
    stream_unreadable: unreadable[i] ?? null,
    next_schedule: next.get(r.id) ?? null,
    store_page: storePageOfCard(deps, r.id),
  }));
}

/** The card's store-page badge: only while the check follows a running stream of the destination. */
function storePageOfCard(deps: AppDeps, destinationId: number) {
  const watched = deps.storePage.ofDestination(destinationId);
  return watched ? viewOf(destinationId, watched) : null;
}

/**
 * Refuses an ingest that is, or resolves to, a link-local or cloud metadata address. Loopback and
 * private ingests stay allowed (local relays); a name that does not resolve now is checked again at
 * every start.
 */
async function requireIngestTarget(deps: AppDeps, rtmpUrl: string): Promise<void> {
  const verdict = await checkUrl(rtmpUrl, ingestPolicy, deps.resolve);
  if (!verdict.ok && verdict.reason === "refused") throw badRequest(STREAMING.rtmpUrlRefused);
}

export async function createDestination(deps: AppDeps, user: SessionUser, input: CreateDestinationInput) {
  await requireProject(deps, user, input.project_id);
  requirePermission(user, "destination.manage", STREAMING.forbiddenCreateDestination);
  await requireIngestTarget(deps, input.rtmp_url);
  requireCaFile(input.ca_file ?? null, input.rtmp_url);
  const [row] = await deps.db
    .insert(destinations)
    .values({
      projectId: input.project_id,
      name: input.name,
      type: input.type,
      rtmpUrl: input.rtmp_url,
      streamKey: input.stream_key,
      autorestart: input.autorestart,
      caFile: input.ca_file ?? null,
      reconnectHours: input.reconnect_hours ?? null,
      createdBy: user.id,
    })
    .returning();
  return destinationView(row!, undefined, true);
}

/** The destination if the user may see its project; 404 otherwise (missing or another organization). */
export async function findDestination(deps: AppDeps, user: SessionUser, id: number) {
  const [row] = await deps.db.select().from(destinations).where(eq(destinations.id, id));
  if (!row) throw notFound(STREAMING.destinationNotFound);
  await requireProject(deps, user, row.projectId, STREAMING.destinationNotFound);
  return row;
}

/** Answers mask a URL's credentials: the same URL sent back keeps the stored ones. */
function withStoredCredentials(edited: string, stored: string): string {
  if (!hasMaskedCredentials(edited)) return edited;
  const kept = keepStoredCredentials(edited, stored);
  if (kept === null) throw badRequest(STREAMING.rtmpCredentialsAgain);
  return kept;
}

export async function updateDestination(deps: AppDeps, user: SessionUser, input: UpdateDestinationInput) {
  await findDestination(deps, user, input.id);
  requirePermission(user, "destination.manage", STREAMING.forbiddenManageDestination);
  if (input.rtmp_url !== undefined) await requireIngestTarget(deps, input.rtmp_url);
  // Read again after the lookup: the row may have changed meanwhile.
  const existing = await findDestination(deps, user, input.id);
  const changes: Partial<typeof destinations.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.rtmp_url !== undefined) changes.rtmpUrl = withStoredCredentials(input.rtmp_url, existing.rtmpUrl);
  if (input.stream_key !== undefined) changes.streamKey = input.stream_key;
  if (input.autorestart !== undefined) changes.autorestart = input.autorestart;
  if (input.ca_file !== undefined) changes.caFile = input.ca_file;
  if (input.reconnect_hours !== undefined) changes.reconnectHours = input.reconnect_hours;
  // The CA file and the address are checked together: either may have changed.
  if (input.ca_file !== undefined || input.rtmp_url !== undefined)
    requireCaFile(
      input.ca_file !== undefined ? input.ca_file : existing.caFile,
      changes.rtmpUrl ?? existing.rtmpUrl,
    );
  const row =
    Object.keys(changes).length === 0
      ? existing
      : (
          await deps.db.update(destinations).set(changes).where(eq(destinations.id, input.id)).returning()
        )[0]!;
  const live = (await liveStreamsByDestination(deps, [row.id])).get(row.id);
  return destinationView(row, live, true, (await latestStreamsByDestination(deps, [row.id])).get(row.id));
}

/** Stops the destination's live stream (if any), then removes it; its stream history stays. */
export async function deleteDestination(deps: AppDeps, user: SessionUser, id: number) {
  const row = await findDestination(deps, user, id);
  requirePermission(user, "destination.manage", STREAMING.forbiddenManageDestination);
  const live = (await liveStreamsByDestination(deps, [row.id])).get(row.id);
  if (live) await deps.supervisor.stop(live.id);
  await deps.db.delete(destinations).where(eq(destinations.id, id));
  return { success: true as const };
}
