import { describe, expect, test } from "bun:test";
import { insertSample } from "@server/features/health/sample-store";
import { closeIntent, endRun, openIntent, startRun } from "@server/features/streaming/uptime-store";
import { destinations, streams } from "@server/platform/db/schema";
import { HEALTH } from "@shared/messages/health";
import { STREAMING } from "@shared/messages/streaming";
import { makeOrg, makeProject, makeUser, testApp } from "../../support/server";

// The health and uptime paths: the answer's exact shape, bad input, and the refused side (no session,
// another organisation), over a real SQLite file.

const NOW = Date.UTC(2026, 2, 10, 12, 0, 0);
const HOUR = 3600_000;

async function world() {
  const t = testApp();
  t.deps.now = () => NOW;
  const orgA = makeOrg(t.deps, "Studio A");
  const orgB = makeOrg(t.deps, "Studio B");
  const viewerA = await makeUser(t.deps, { orgId: orgA.id, role: "viewer" });
  const managerB = await makeUser(t.deps, { orgId: orgB.id, role: "manager" });
  const project = makeProject(t.deps, { orgId: orgA.id });
  const dest = t.deps.db
    .insert(destinations)
    .values({ projectId: project.id, name: "Steam", rtmpUrl: "rtmp://127.0.0.1/app" })
    .returning()
    .get();
  const stream = t.deps.db
    .insert(streams)
    .values({
      projectId: project.id,
      destinationId: dest.id,
      mediaName: "a.mp4",
      destinationName: "Steam",
      destinationType: "steam",
      status: "stopped",
    })
    .returning()
    .get();
  return { ...t, viewerA, managerB, dest, stream };
}

describe("GET /api/destinations/{id}/uptime", () => {
  test("answers exactly the five figures, for the period asked", async () => {
    const w = await world();
    // Wanted for 10 h; live 9 h of it, an hour's outage with one failure 2 h ago.
    openIntent(w.deps.db, w.dest.id, "user", NOW - 10 * HOUR);
    startRun(w.deps.db, w.stream.id, NOW - 10 * HOUR);
    endRun(w.deps.db, w.stream.id, NOW - 3 * HOUR, { failed: true });
    startRun(w.deps.db, w.stream.id, NOW - 2 * HOUR);
    const cookie = await w.signIn(w.viewerA.email);
    const res = await w.call(`/api/destinations/${w.dest.id}/uptime?days=1`, { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      uptime_percent: 90,
      live_seconds: 9 * 3600,
      intended_seconds: 10 * 3600,
      failures: 1,
      longest_outage_seconds: 3600,
      store_page_seconds: 0,
      pushed_seconds: 9 * 3600,
      store_page_percent: 0,
    });
    closeIntent(w.deps.db, w.dest.id, NOW - HOUR);
    const later = await (await w.call(`/api/destinations/${w.dest.id}/uptime`, { cookie })).json();
    expect(later.intended_seconds).toBe(9 * 3600);
    expect(later.live_seconds).toBe(8 * 3600);
  });

  test("bad days, a foreign or missing destination and no session answer 4xx JSON", async () => {
    const w = await world();
    const cookieA = await w.signIn(w.viewerA.email);
    for (const days of ["0", "abc", "31", "-1", "1.5", "7e0", ""]) {
      const res = await w.call(`/api/destinations/${w.dest.id}/uptime?days=${days}`, { cookie: cookieA });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: HEALTH.invalidDays });
    }
    const extra = await w.call(`/api/destinations/${w.dest.id}/uptime?days=7&x=1`, { cookie: cookieA });
    // An unknown query field is refused with the same one sentence, not ignored.
    expect([extra.status, await extra.json()]).toEqual([400, { error: HEALTH.invalidDays }]);
    const cookieB = await w.signIn(w.managerB.email);
    for (const id of [w.dest.id, 999_999]) {
      const res = await w.call(`/api/destinations/${id}/uptime?days=7`, { cookie: cookieB });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: STREAMING.destinationNotFound });
    }
    const bad = await w.call("/api/destinations/abc/uptime", { cookie: cookieA });
    expect(bad.status).toBe(400);
    const anonymous = await w.call(`/api/destinations/${w.dest.id}/uptime`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toHaveProperty("error");
  });
});

describe("GET /api/streams/{id}/health", () => {
  test("lists the runs that ended at a planned reconnect in the hours asked, not failures or stops", async () => {
    const w = await world();
    const run = (from: number, to: number, end: { failed: boolean; planned?: boolean }) => {
      startRun(w.deps.db, w.stream.id, from);
      endRun(w.deps.db, w.stream.id, to, end);
    };
    run(NOW - 30 * HOUR, NOW - 26 * HOUR, { failed: false, planned: true });
    run(NOW - 26 * HOUR, NOW - 3 * HOUR, { failed: false, planned: true });
    run(NOW - 3 * HOUR, NOW - 2 * HOUR, { failed: true });
    run(NOW - 2 * HOUR, NOW - HOUR, { failed: false });
    const cookie = await w.signIn(w.viewerA.email);
    const res = await w.call(`/api/streams/${w.stream.id}/health?hours=24`, { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      stream_id: w.stream.id,
      samples: [],
      planned_reconnects: [{ at: new Date(NOW - 3 * HOUR).toISOString() }],
    });
  });

  test("answers the samples of the last hours; refuses bad hours, strangers and other studios", async () => {
    const w = await world();
    const reading = { bitrateKbps: 2500, fps: 30, speed: 1, dropped: 0, dup: 0 };
    insertSample(w.deps.db, w.stream.id, NOW - 5 * HOUR, reading);
    insertSample(w.deps.db, w.stream.id, NOW - 10_000, { ...reading, dropped: 4 });
    const cookie = await w.signIn(w.viewerA.email);
    const recent = await (await w.call(`/api/streams/${w.stream.id}/health?hours=1`, { cookie })).json();
    expect(recent.stream_id).toBe(w.stream.id);
    expect(recent.samples).toEqual([
      {
        at: new Date(NOW - 10_000).toISOString(),
        span_seconds: 10,
        bitrate_kbps: 2500,
        bitrate_min_kbps: 2500,
        bitrate_max_kbps: 2500,
        fps: 30,
        fps_min: 30,
        fps_max: 30,
        speed: 1,
        dropped_frames: 4,
        dup_frames: 0,
      },
    ]);
    expect(recent.planned_reconnects).toEqual([]);
    const day = await (await w.call(`/api/streams/${w.stream.id}/health`, { cookie })).json();
    expect(day.samples).toHaveLength(2);
    for (const hours of ["0", "721", "x", "24&x=1"]) {
      const res = await w.call(`/api/streams/${w.stream.id}/health?hours=${hours}`, { cookie });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: HEALTH.invalidHours });
    }
    const cookieB = await w.signIn(w.managerB.email);
    const foreign = await w.call(`/api/streams/${w.stream.id}/health`, { cookie: cookieB });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: STREAMING.streamNotFound });
    expect((await w.call(`/api/streams/${w.stream.id}/health`)).status).toBe(401);
  });
});
