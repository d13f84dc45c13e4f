import type { AppDeps } from "@server/deps";
import { requirePermission, requireProject } from "@server/features/projects";
import * as streamStore from "@server/features/streaming";
import { closeIntent, findDestination, requireProjectVideo } from "@server/features/streaming";
import { mediaFiles, playlists, schedules, streams } from "@server/platform/db/schema";
import { badRequest, conflict, notFound } from "@server/platform/errors";
import { SCHEDULES } from "@shared/messages/schedules";
import type { ScheduleFields, ScheduleView } from "@shared/schemas/schedules";
import type { SessionUser } from "@shared/types";
import { and, asc, eq } from "drizzle-orm";
import { ruleFromFields, ruleOf, type ScheduleRow } from "./rules";
import { requireProjectPlaylist } from "./window-source";
import { DAY_MS, firstOverlap, formatClock, nextStart, type WindowRule } from "./windows";

// A destination's broadcast windows. Tenancy first (404), then the role (403), then the input.

function view(
  row: ScheduleRow,
  names: { media: string | null; playlist: string | null },
  now: number,
): ScheduleView {
  const rule = ruleOf(row);
  return {
    id: row.id,
    destination_id: row.destinationId,
    kind: row.kind,
    starts_at: row.startsAt,
    ends_at: row.endsAt,
    days: rule.kind === "weekly" ? rule.days : null,
    from: rule.kind === "weekly" ? formatClock(rule.from) : null,
    to: rule.kind === "weekly" ? formatClock(rule.to) : null,
    timezone: row.timezone,
    media_id: row.mediaId,
    media_name: names.media,
    playlist_id: row.playlistId,
    playlist_name: names.playlist,
    next_start: nextStart(rule, now, 8 * DAY_MS),
  };
}

const rowsOf = (deps: AppDeps, destinationId: number) =>
  deps.db
    .select({ row: schedules, media: mediaFiles.originalName, playlist: playlists.name })
    .from(schedules)
    .leftJoin(mediaFiles, eq(mediaFiles.id, schedules.mediaId))
    .leftJoin(playlists, eq(playlists.id, schedules.playlistId))
    .where(eq(schedules.destinationId, destinationId))
    .orderBy(asc(schedules.id))
    .all();

export function listSchedules(deps: AppDeps, user: SessionUser, destinationId: number): ScheduleView[] {
  findDestination(deps, user, destinationId);
  const now = deps.now();
  return rowsOf(deps, destinationId).map((r) => view(r.row, r, now));
}

function requireVideo(deps: AppDeps, user: SessionUser, projectId: number, mediaId: number): string {
  const media = deps.db.select().from(mediaFiles).where(eq(mediaFiles.id, mediaId)).get();
  return requireProjectVideo(deps, user, projectId, media).originalName;
}

function refuseOverlap(deps: AppDeps, destinationId: number, rule: WindowRule, now: number) {
  for (const { row } of rowsOf(deps, destinationId)) {
    if (firstOverlap(rule, ruleOf(row), now)) throw conflict(SCHEDULES.overlap);
  }
}

export function createSchedule(
  deps: AppDeps,
  user: SessionUser,
  destinationId: number,
  fields: ScheduleFields,
): ScheduleView {
  const destination = findDestination(deps, user, destinationId);
  requirePermission(user, "schedule.manage", SCHEDULES.forbidden);
  const now = deps.now();
  const rule = ruleFromFields(fields, now);
  if ((fields.media_id === undefined) === (fields.playlist_id === undefined))
    throw badRequest(SCHEDULES.whatRequired);
  const names =
    fields.media_id !== undefined
      ? { media: requireVideo(deps, user, destination.projectId, fields.media_id), playlist: null }
      : {
          media: null,
          playlist: requireProjectPlaylist(deps, destination.projectId, fields.playlist_id ?? 0),
        };
  refuseOverlap(deps, destinationId, rule, now);
  const row = deps.db
    .insert(schedules)
    .values({
      destinationId,
      projectId: destination.projectId,
      kind: rule.kind,
      startsAt: rule.kind === "once" ? rule.startsAt : null,
      endsAt: rule.kind === "once" ? rule.endsAt : null,
      days: rule.kind === "weekly" ? JSON.stringify(rule.days) : null,
      fromTime: rule.kind === "weekly" ? formatClock(rule.from) : null,
      toTime: rule.kind === "weekly" ? formatClock(rule.to) : null,
      timezone: rule.kind === "weekly" ? rule.timeZone : null,
      mediaId: fields.media_id ?? null,
      playlistId: fields.playlist_id ?? null,
      createdBy: user.id,
    })
    .returning()
    .get();
  return view(row, names, now);
}

/** Removes the window; a stream it started stops with it (the window no longer wants it live). */
export async function deleteSchedule(deps: AppDeps, user: SessionUser, id: number) {
  const row = deps.db.select().from(schedules).where(eq(schedules.id, id)).get();
  if (!row) throw notFound(SCHEDULES.notFound);
  // A window's project is its destination's, and a destination never changes project.
  requireProject(deps, user, row.projectId, SCHEDULES.notFound);
  requirePermission(user, "schedule.manage", SCHEDULES.forbidden);
  const live = deps.db
    .select({ id: streams.id })
    .from(streams)
    .where(and(eq(streams.scheduleId, id), streamStore.liveStatusFilter()))
    .all();
  // The window's stream ends with it, and so does what the destination was meant to do.
  if (live.length > 0) closeIntent(deps.db, row.destinationId, deps.now());
  for (const s of live) await deps.supervisor.stop(s.id);
  deps.db.delete(schedules).where(eq(schedules.id, id)).run();
  return { success: true as const };
}
