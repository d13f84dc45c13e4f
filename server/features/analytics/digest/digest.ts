import type { AppDeps } from "@server/deps";
import { addDays } from "@server/features/analytics/steam/dates";
import { requirePermission, requireProject } from "@server/features/projects";
import { enqueue } from "@server/features/webhooks";
import {
  analyticsDigestSettings,
  analyticsDigests,
  projects,
  schedules,
  webhooks,
} from "@server/platform/db/schema";
import { badRequest } from "@server/platform/errors";
import { DIGEST } from "@shared/messages/analytics-digest";
import type { DigestSettingsView } from "@shared/schemas/analytics-digest";
import type { SessionUser } from "@shared/types";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { digestFigures } from "./digest-figures";
import { digestMessage } from "./digest-message";

// The weekly digest: on Monday in the project's time zone, one message with last week's figures to
// every webhook of the project, whatever events the webhook listens to (the digest is its own
// thing, turned off per project). The week's row is written before the message goes out, so a
// restart, a second pass or a second node never sends a week twice.

const DAY_MS = 86_400_000;

/** The calendar date and the milliseconds since its midnight of `instant` on the wall clock of `timeZone`. */
export function localDay(
  instant: number,
  timeZone: string,
): { date: string; weekday: number; sinceMidnight: number } {
  const parts: Record<string, number> = {};
  const f = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
  for (const p of f.formatToParts(new Date(instant)))
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  const midnight = Date.UTC(parts.year!, parts.month! - 1, parts.day!);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return {
    date: new Date(midnight).toISOString().slice(0, 10),
    weekday: new Date(midnight).getUTCDay(),
    sinceMidnight: wall - midnight + (instant % 1000),
  };
}

async function settingsRow(deps: AppDeps, projectId: number) {
  const [row] = await deps.db
    .select()
    .from(analyticsDigestSettings)
    .where(eq(analyticsDigestSettings.projectId, projectId));
  return row ?? null;
}

/** The zone set for the digest, else the one the project's weekly schedules run in, else UTC. */
async function effectiveTimeZone(deps: AppDeps, projectId: number, setting: string | null): Promise<string> {
  if (setting) return setting;
  const [s] = await deps.db
    .select({ tz: schedules.timezone })
    .from(schedules)
    .where(and(eq(schedules.projectId, projectId), isNotNull(schedules.timezone)))
    .orderBy(desc(schedules.id))
    .limit(1);
  return s?.tz ?? "UTC";
}

/** Builds last week's digest (the seven days before today in the zone) and queues it for every webhook. */
async function sendTo(deps: AppDeps, projectId: number, timeZone: string): Promise<number> {
  const [p] = await deps.db.select().from(projects).where(eq(projects.id, projectId));
  if (!p) return 0;
  const hooks = await deps.db.select().from(webhooks).where(eq(webhooks.projectId, projectId));
  if (hooks.length === 0) return 0;
  const now = deps.now();
  const today = localDay(now, timeZone);
  // The week's instants: the seven days before today's local midnight (a clock change in the week
  // moves its edges by an hour, which the uptime of a week does not feel).
  const toMs = now - today.sinceMidnight;
  const figures = await digestFigures(deps, p, addDays(today.date, -1), toMs - 7 * DAY_MS, toMs);
  const message = digestMessage(p.name, figures);
  for (const hook of hooks)
    await enqueue(deps.db, hook, { type: "analytics.digest", projectId, at: now, message }, p.name);
  return hooks.length;
}

/**
 * One pass: every project with a webhook and the digest on, where it is Monday now, gets its week's
 * digest unless it already has. Returns the number of projects sent to.
 */
export async function sendDueDigests(deps: AppDeps): Promise<number> {
  const withHooks = await deps.db.selectDistinct({ id: webhooks.projectId }).from(webhooks);
  let sent = 0;
  for (const { id } of withHooks) {
    const setting = await settingsRow(deps, id);
    if (setting && !setting.enabled) continue;
    const tz = await effectiveTimeZone(deps, id, setting?.timeZone ?? null);
    const today = localDay(deps.now(), tz);
    if (today.weekday !== 1) continue;
    const claimed = await deps.db
      .insert(analyticsDigests)
      .values({ projectId: id, week: today.date, sentAt: deps.now() })
      .onConflictDoNothing()
      .returning({ week: analyticsDigests.week });
    if (claimed.length === 0) continue;
    try {
      if ((await sendTo(deps, id, tz)) > 0) sent += 1;
    } catch (err) {
      // Nothing was queued: the week is free again for the next pass.
      await deps.db
        .delete(analyticsDigests)
        .where(and(eq(analyticsDigests.projectId, id), eq(analyticsDigests.week, today.date)));
      throw err;
    }
  }
  return sent;
}

/** "Send digest now": last week's digest at once, beside (not instead of) Monday's. */
export async function sendDigestNow(deps: AppDeps, user: SessionUser, input: { projectId: number }) {
  await requireProject(deps, user, input.projectId);
  requirePermission(user, "analytics.settings", DIGEST.forbidden);
  const setting = await settingsRow(deps, input.projectId);
  const deliveries = await sendTo(
    deps,
    input.projectId,
    await effectiveTimeZone(deps, input.projectId, setting?.timeZone ?? null),
  );
  if (deliveries === 0) throw badRequest(DIGEST.noWebhooks);
  return { deliveries, message: DIGEST.sentNow };
}

export async function getDigestSettings(
  deps: AppDeps,
  user: SessionUser,
  input: { projectId: number },
): Promise<DigestSettingsView> {
  await requireProject(deps, user, input.projectId);
  const setting = await settingsRow(deps, input.projectId);
  const [last] = await deps.db
    .select({ week: analyticsDigests.week })
    .from(analyticsDigests)
    .where(eq(analyticsDigests.projectId, input.projectId))
    .orderBy(desc(analyticsDigests.week))
    .limit(1);
  return {
    enabled: setting?.enabled ?? true,
    timeZone: setting?.timeZone ?? null,
    effectiveTimeZone: await effectiveTimeZone(deps, input.projectId, setting?.timeZone ?? null),
    lastSentWeek: last?.week ?? null,
  };
}

export async function updateDigestSettings(
  deps: AppDeps,
  user: SessionUser,
  input: { projectId: number; enabled: boolean; timeZone: string | null },
): Promise<DigestSettingsView> {
  await requireProject(deps, user, input.projectId);
  requirePermission(user, "analytics.settings", DIGEST.forbidden);
  const values = { enabled: input.enabled, timeZone: input.timeZone };
  await deps.db
    .insert(analyticsDigestSettings)
    .values({ projectId: input.projectId, ...values })
    .onConflictDoUpdate({ target: analyticsDigestSettings.projectId, set: values });
  return getDigestSettings(deps, user, input);
}

/** The leader's hourly pass; a failed pass is logged and the next hour tries again. */
export class DigestPass {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly deps: AppDeps,
    private readonly log: (line: string) => void = () => {},
    private readonly everyMs = 3_600_000,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.everyMs);
    this.timer.unref?.();
    void this.tick();
  }

  tick(): Promise<unknown> {
    this.running = sendDueDigests(this.deps).catch((err) =>
      this.log(`[digest] weekly digest pass failed: ${(err as Error).message}`),
    );
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
