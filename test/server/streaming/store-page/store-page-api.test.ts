import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { destinations, projects, storePageStates, streams } from "@server/platform/db/schema";
import { STORE_PAGE } from "@shared/messages/store-page";
import { STREAMING } from "@shared/messages/streaming";
import { eq } from "drizzle-orm";
import { startSteamMsw } from "../../../fakes/steam/msw";
import { makeOrg, makeProject, makeUser, testApp, testDeps } from "../../../support/server";
import { APP_ID, KEY, STEAM_ID } from "./store-page-fixtures";

// The store-page paths over HTTP, with the console's own watcher asking the fake Steam through msw:
// the answer's shape, the refusals (4xx JSON, nothing asked, nothing recorded), and tenancy.

let steam: ReturnType<typeof startSteamMsw>;
beforeAll(() => {
  steam = startSteamMsw();
});
afterAll(() => steam.stop());

async function world() {
  const t = testApp(testDeps({ STEAM_COMMUNITY_BASE: "https://steamcommunity.com" }));
  const orgA = await makeOrg(t.deps, "Studio A");
  const orgB = await makeOrg(t.deps, "Studio B");
  const viewer = await makeUser(t.deps, { orgId: orgA.id, role: "viewer" });
  const outsider = await makeUser(t.deps, { orgId: orgB.id, role: "manager" });
  const project = await makeProject(t.deps, { orgId: orgA.id });
  await t.deps.db.update(projects).set({ steamAppId: APP_ID }).where(eq(projects.id, project.id));
  const dest = async (values: Partial<typeof destinations.$inferInsert> = {}) => {
    const [row] = await t.deps.db
      .insert(destinations)
      .values({
        projectId: project.id,
        name: "Steam",
        rtmpUrl: "rtmp://127.0.0.1/live",
        streamKey: KEY,
        ...values,
      })
      .returning();
    return row!;
  };
  const running = async (destinationId: number) => {
    const [row] = await t.deps.db
      .insert(streams)
      .values({
        projectId: project.id,
        destinationId,
        mediaName: "a.mp4",
        destinationName: "Steam",
        destinationType: "steam",
        status: "running",
      })
      .returning();
    return row!;
  };
  const cookie = await t.signIn(viewer.email);
  const outsiderCookie = await t.signIn(outsider.email);
  return { ...t, project, dest, running, cookie, outsiderCookie };
}

const asked = () => steam.fake.broadcasts.asked(STEAM_ID);

describe("GET /api/destinations/{id}/store-page", () => {
  test("a viewer reads the running stream's state; with none running every field is null", async () => {
    const w = await world();
    const d = await w.dest();
    const idle = await w.call(`/api/destinations/${d.id}/store-page`, { cookie: w.cookie });
    expect(idle.status).toBe(200);
    expect(await idle.json()).toEqual({
      destination_id: d.id,
      stream_id: null,
      state: null,
      since: null,
      app_id: null,
      app_title: null,
      reason: null,
      checked_at: null,
    });
    steam.fake.broadcasts.set(STEAM_ID, { online: true, appId: APP_ID, appTitle: "Starfall Outpost" });
    const s = await w.running(d.id);
    w.deps.storePage.running(s.id, Date.now());
    await w.deps.storePage.settled();
    try {
      const res = await w.call(`/api/destinations/${d.id}/store-page/check`, {
        method: "POST",
        cookie: w.cookie,
      });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({
        destination_id: d.id,
        stream_id: s.id,
        state: "on_store_page",
        app_id: APP_ID,
        app_title: "Starfall Outpost",
        reason: STORE_PAGE.shownOnStorePage,
      });
      expect(typeof body.since).toBe("string");
      expect(typeof body.checked_at).toBe("string");
      const read = await (await w.call(`/api/destinations/${d.id}/store-page`, { cookie: w.cookie })).json();
      expect(read.state).toBe("on_store_page");
      const history = await (await w.call(`/api/streams/${s.id}/store-page`, { cookie: w.cookie })).json();
      expect(history.map((h: { state: string }) => h.state)).toEqual(["pushed", "on_store_page"]);
    } finally {
      w.deps.storePage.streamEnded(s.id);
      await w.deps.storePage.settled();
    }
  });

  test("refused with 4xx JSON and nothing asked or recorded: no app id, a key not Steam's, a custom destination", async () => {
    const w = await world();
    const before = asked();
    const badKey = await w.dest({ streamKey: "live_8f2c0" });
    const custom = await w.dest({ type: "custom" });
    const fine = await w.dest();
    const cases: [number, string][] = [
      [badKey.id, STORE_PAGE.keyNotSteamRefused],
      [custom.id, STORE_PAGE.notSteamDestination],
    ];
    for (const [id, message] of cases)
      for (const [path, method] of [
        [`/api/destinations/${id}/store-page`, "GET"],
        [`/api/destinations/${id}/store-page/check`, "POST"],
      ] as const) {
        const res = await w.call(path, { method, cookie: w.cookie });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ error: message });
      }
    // The same destination that is checkable once the project has an app id is refused without one.
    await w.deps.db.update(projects).set({ steamAppId: null }).where(eq(projects.id, w.project.id));
    const s = await w.running(fine.id);
    for (const method of ["GET", "POST"]) {
      const path = `/api/destinations/${fine.id}/store-page${method === "POST" ? "/check" : ""}`;
      const res = await w.call(path, { method, cookie: w.cookie });
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toEqual({ error: STORE_PAGE.noAppIdRefused });
    }
    expect(asked()).toBe(before);
    expect(await w.deps.db.select().from(storePageStates)).toHaveLength(0);
    expect(w.deps.storePage.ofDestination(fine.id)).toBeNull();
    expect(s.status).toBe("running");
  });

  test("a check with no stream running is a 409; bad ids are 400; another organization's is 404", async () => {
    const w = await world();
    const d = await w.dest();
    const none = await w.call(`/api/destinations/${d.id}/store-page/check`, {
      method: "POST",
      cookie: w.cookie,
    });
    expect(none.status).toBe(409);
    expect(await none.json()).toEqual({ error: STORE_PAGE.notRunning });
    const bad = await w.call("/api/destinations/abc/store-page", { cookie: w.cookie });
    expect(bad.status).toBe(400);
    const theirs = await w.call(`/api/destinations/${d.id}/store-page`, { cookie: w.outsiderCookie });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ error: STREAMING.destinationNotFound });
    const missing = await w.call("/api/destinations/999999/store-page", { cookie: w.outsiderCookie });
    expect(missing.status).toBe(404);
    const anonymous = await w.call(`/api/destinations/${d.id}/store-page`);
    expect(anonymous.status).toBe(401);
  });
});
