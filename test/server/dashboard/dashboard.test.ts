import { describe, expect, test } from "bun:test";
import type { AppDeps } from "@server/deps";
import { mediaFiles, streams } from "@server/platform/db/schema";
import { STREAMING } from "@shared/messages/streaming";
import { callerFor, makeOrg, makeProject, makeUser, testApp, testDeps } from "../../support/server";

// The dashboard's figures: admin system-wide, others their organization's; activity; clear ended.

const HOUR = 3_600_000;
// A fixed "now" at 12:00 UTC, so "today" is unambiguous.
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

async function stream(
  deps: AppDeps,
  projectId: number,
  v: {
    status: "running" | "stopped" | "error" | "starting";
    startedAt: number;
    stoppedAt?: number;
    errorCount?: number;
    by?: number;
  },
) {
  return (
    await deps.db
      .insert(streams)
      .values({
        projectId,
        mediaName: `clip-${v.startedAt}.mp4`,
        destinationName: "Steam",
        destinationType: "steam",
        status: v.status,
        startedAt: v.startedAt,
        stoppedAt: v.stoppedAt ?? null,
        errorCount: v.errorCount ?? 0,
        startedBy: v.by ?? null,
      })
      .returning()
  )[0];
}

async function world() {
  const deps = testDeps({}, { now: () => NOW });
  const orgA = await makeOrg(deps, "Alpha");
  const orgB = await makeOrg(deps, "Beta");
  const admin = await makeUser(deps, { role: "admin", orgId: orgA.id, name: "Ada Admin" });
  const dev = await makeUser(deps, { role: "developer", orgId: orgA.id, name: "Dev Dana" });
  const other = await makeUser(deps, { role: "manager", orgId: orgB.id });
  const pA = await makeProject(deps, { orgId: orgA.id, name: "Alpha Game" });
  const pB = await makeProject(deps, { orgId: orgB.id, name: "Beta Game" });
  // Alpha: one live for the last hour, one stopped today after 30 min, one failed today, one from yesterday.
  await stream(deps, pA.id, { status: "running", startedAt: NOW - HOUR, by: dev.id });
  await stream(deps, pA.id, { status: "stopped", startedAt: NOW - 3 * HOUR, stoppedAt: NOW - 2.5 * HOUR });
  await stream(deps, pA.id, {
    status: "error",
    startedAt: NOW - 2 * HOUR,
    stoppedAt: NOW - 2 * HOUR,
    errorCount: 1,
  });
  await stream(deps, pA.id, { status: "stopped", startedAt: NOW - 30 * HOUR, stoppedAt: NOW - 29 * HOUR });
  // Beta: one live.
  await stream(deps, pB.id, { status: "running", startedAt: NOW - 0.5 * HOUR });
  await deps.db.insert(mediaFiles).values({
    projectId: pA.id,
    originalName: "trailer.mp4",
    storedName: "x.mp4",
    mimeType: "video/mp4",
    fileSize: 10,
    kind: "video",
    uploadedBy: dev.id,
    createdAt: NOW - 10 * 60_000,
  });
  return { deps, admin, dev, other, pA, pB };
}

describe("dashboard", () => {
  test("admins get system-wide figures and the extra counts", async () => {
    const w = await world();
    const stats = await (await callerFor(w.deps, w.admin.email)).dashboard.stats();
    expect(stats).toEqual({
      userRole: "admin",
      activeStreams: 2,
      totalProjects: 2,
      totalMediaFiles: 1,
      // 1 h + 0.5 h (Alpha) + 0.5 h (Beta); the failed one lasted nothing, yesterday's is not today.
      streamHours: 2,
      totalUsers: 3,
      totalOrganizations: 2,
      streamsToday: 4,
    });
  });

  test("others get their organization's figures only", async () => {
    const w = await world();
    const as = await callerFor(w.deps, w.dev.email);
    const stats = await as.dashboard.stats();
    expect(stats).toEqual({
      userRole: "developer",
      activeStreams: 1,
      totalProjects: 1,
      totalMediaFiles: 1,
      streamHours: 1.5,
      streamsToday: 3,
    });
    const info = await as.streaming.systemInfo();
    // Their own streams only: no CPU, memory or stream limit of the machine.
    expect(info).toEqual({
      scope: "projects",
      system: { currentStreams: 1 },
      statistics: { total_streams_today: 3, error_streams_today: 1 },
    });
    const activity = await as.dashboard.recentActivity();
    expect(activity.map((a) => a.project_name)).not.toContain("Beta Game");
    expect(activity[0]).toMatchObject({
      activity_type: "media",
      original_name: "trailer.mp4",
      user_name: "Dev Dana",
    });
    expect(activity[1]).toMatchObject({
      activity_type: "stream",
      status: "running",
      destination_name: "Steam",
      user_name: "Dev Dana",
      project_name: "Alpha Game",
    });
    expect(activity).toHaveLength(5);
  });

  test("clear ended streams: admin only, one project's records unless scope=all is said", async () => {
    const w = await world();
    await stream(w.deps, w.pB.id, {
      status: "stopped",
      startedAt: NOW - 4 * HOUR,
      stoppedAt: NOW - 3 * HOUR,
    });
    const { call, signIn } = testApp(w.deps);
    const clear = (query: string, cookie: string) =>
      call(`/api/dashboard/clear-ended-streams${query}`, { method: "DELETE", cookie });
    const devCookie = await signIn(w.dev.email);
    const refused = await clear(`?projectId=${w.pA.id}`, devCookie);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe(STREAMING.forbiddenClearEnded);
    expect((await clear("?scope=all", devCookie)).status).toBe(403);

    const adminCookie = await signIn(w.admin.email);
    // Saying nothing, both, or anything else is refused: a sweep never happens by omission.
    for (const query of [
      "",
      `?projectId=${w.pA.id}&scope=all`,
      "?scope=every",
      "?projectId=x",
      "?project=1",
    ]) {
      const res = await clear(query, adminCookie);
      expect([query, res.status]).toEqual([query, 400]);
      expect(typeof (await res.json()).error).toBe("string");
    }
    expect((await clear("?projectId=999", adminCookie)).status).toBe(404);
    expect(await w.deps.db.select().from(streams)).toHaveLength(6);

    const one = await clear(`?projectId=${w.pA.id}`, adminCookie);
    expect(await one.json()).toEqual({ success: true, deletedCount: 3 });
    const left = await w.deps.db.select().from(streams);
    expect(left.map((s) => [s.projectId, s.status])).toEqual([
      [w.pA.id, "running"],
      [w.pB.id, "running"],
      [w.pB.id, "stopped"],
    ]);
    const all = await clear("?scope=all", adminCookie);
    expect(await all.json()).toEqual({ success: true, deletedCount: 1 });
    expect((await w.deps.db.select().from(streams)).map((s) => s.status)).toEqual(["running", "running"]);

    const stats = await call("/api/dashboard/stats", { cookie: devCookie });
    expect((await stats.json()).activeStreams).toBe(1);
    const recent = await call("/api/dashboard/recent-activity", { cookie: devCookie });
    expect(Array.isArray(await recent.json())).toBe(true);
    const anon = await call("/api/dashboard/stats");
    expect(anon.status).toBe(401);
  });

  test("clear ended streams over tRPC takes the same target", async () => {
    const w = await world();
    const admin = await callerFor(w.deps, w.admin.email);
    await expect(admin.dashboard.clearEndedStreams({} as never)).rejects.toThrow(STREAMING.clearEndedScope);
    expect(await admin.dashboard.clearEndedStreams({ projectId: w.pB.id })).toEqual({
      success: true,
      deletedCount: 0,
    });
    expect((await admin.dashboard.clearEndedStreams({ projectId: w.pA.id })).deletedCount).toBe(3);
  });
});
