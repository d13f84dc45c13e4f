import { describe, expect, test } from "bun:test";
import { endRun, openIntent, startRun } from "@server/features/streaming/uptime-store";
import { destinations, streams } from "@server/platform/db/schema";
import { eq } from "drizzle-orm";
import { makeOrg, makeProject, makeUser, testApp } from "../../support/server";

// Editing a destination in place (a new Steam key, a new name) keeps its stream history and its
// uptime record: both hang off the destination's id, which an edit never changes.

const NOW = Date.UTC(2026, 2, 10, 12, 0, 0);
const HOUR = 3600_000;

async function world() {
  const t = testApp();
  t.deps.now = () => NOW;
  const org = await makeOrg(t.deps);
  const project = await makeProject(t.deps, { orgId: org.id });
  const developer = await t.signIn((await makeUser(t.deps, { orgId: org.id, role: "developer" })).email);
  const viewer = await t.signIn((await makeUser(t.deps, { orgId: org.id, role: "viewer" })).email);
  const dest = (
    await t.deps.db
      .insert(destinations)
      .values({ projectId: project.id, name: "Steam", rtmpUrl: "rtmp://127.0.0.1/app", streamKey: "old-key" })
      .returning()
  )[0]!;
  const stream = (
    await t.deps.db
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
  )[0]!;
  await openIntent(t.deps.db, dest.id, "user", NOW - 10 * HOUR);
  await startRun(t.deps.db, stream.id, NOW - 10 * HOUR);
  await endRun(t.deps.db, stream.id, NOW - 1 * HOUR, { failed: false });
  return { ...t, project, dest, stream, developer, viewer };
}

describe("editing a destination", () => {
  test("a new key, name and address keep the history and the uptime", async () => {
    const w = await world();
    const uptime = async () =>
      (await w.call(`/api/destinations/${w.dest.id}/uptime?days=1`, { cookie: w.developer })).json();
    const before = await uptime();
    expect(before.live_seconds).toBeGreaterThan(0);
    const res = await w.call(`/api/destinations/${w.dest.id}`, {
      method: "PUT",
      cookie: w.developer,
      json: {
        name: "Steam (rotated)",
        stream_key: "new-key",
        rtmp_url: "rtmp://127.0.0.1:1936/app",
        autorestart: true,
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: w.dest.id,
      name: "Steam (rotated)",
      stream_key: "new-key",
      rtmp_url: "rtmp://127.0.0.1:1936/app",
      autorestart: true,
    });
    expect(await w.deps.db.select().from(destinations)).toHaveLength(1);
    expect(await w.deps.db.select().from(streams).where(eq(streams.destinationId, w.dest.id))).toHaveLength(
      1,
    );
    expect(await uptime()).toEqual(before);
  });

  test("a viewer cannot change it and still never sees the key", async () => {
    const w = await world();
    const res = await w.call(`/api/destinations/${w.dest.id}`, {
      method: "PUT",
      cookie: w.viewer,
      json: { stream_key: "mine" },
    });
    expect(res.status).toBe(403);
    const list = await (await w.call(`/api/destinations/${w.project.id}`, { cookie: w.viewer })).text();
    expect(list).not.toContain("old-key");
    expect((await w.deps.db.select().from(destinations))[0]?.streamKey).toBe("old-key");
  });
});
