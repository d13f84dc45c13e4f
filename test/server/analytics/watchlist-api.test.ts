import { afterAll, expect, test } from "bun:test";
import { projects, watchlistApps } from "@server/platform/db/schema";
import { WATCHLIST, WATCHLIST_MAX } from "@shared/messages/watchlist";
import { eq } from "drizzle-orm";
import { steamTestDeps } from "../../fakes/steam/deps";
import { startSteamMsw } from "../../fakes/steam/msw";
import { callerFor, makeOrg, makeProject, makeUser, testApp } from "../../support/server";

// GET/POST /api/analytics/{projectId}/watchlist and DELETE …/watchlist/{appId}: the same rules on
// REST and tRPC, refused from the side of whoever should not get through.

const NOW = Date.parse("2026-11-20T12:00:00Z");
const msw = startSteamMsw({ now: () => NOW });
afterAll(() => msw.stop());
const OWN = 2456740;

async function world() {
  const deps = steamTestDeps({}, { now: () => NOW });
  const org = await makeOrg(deps);
  const project = await makeProject(deps, { orgId: org.id, name: "Starfall" });
  await deps.db
    .update(projects)
    .set({ steamAppId: OWN, steamAnalyticsEnabled: true })
    .where(eq(projects.id, project.id));
  const manager = await makeUser(deps, { role: "manager", orgId: org.id });
  const developer = await makeUser(deps, { role: "developer", orgId: org.id });
  const viewer = await makeUser(deps, { role: "viewer", orgId: org.id });
  const outsider = await makeUser(deps, { role: "manager", orgId: (await makeOrg(deps)).id });
  const t = testApp(deps);
  return { deps, project, manager, developer, viewer, outsider, t };
}

const post = (body: unknown, cookie: string) => ({ method: "POST", json: body, cookie });

test("a manager adds, lists and removes games; a viewer reads the list; REST equals tRPC", async () => {
  const w = await world();
  const cookie = await w.t.signIn(w.manager.email);
  const path = `/api/analytics/${w.project.id}/watchlist`;
  const added = await w.t.call(path, post({ appId: 1987650, name: "Hollow Lantern" }, cookie));
  expect(added.status).toBe(200);
  expect((await added.json()).apps).toEqual([
    {
      appId: 1987650,
      name: "Hollow Lantern",
      addedAt: new Date(NOW).toISOString(),
      states: { players: null, reviews: null, details: null },
    },
  ]);
  const viewer = await w.t.signIn(w.viewer.email);
  const listed = await (await w.t.call(path, { cookie: viewer })).json();
  const caller = await callerFor(w.deps, w.viewer.email);
  expect(await caller.analytics.watchlist({ projectId: w.project.id })).toEqual(listed);
  expect(listed.max).toBe(WATCHLIST_MAX);
  const gone = await w.t.call(`${path}/1987650`, { method: "DELETE", cookie });
  expect(gone.status).toBe(200);
  expect((await gone.json()).apps).toEqual([]);
  const again = await w.t.call(`${path}/1987650`, { method: "DELETE", cookie });
  expect(again.status).toBe(404);
  expect(await again.json()).toEqual({ error: WATCHLIST.notOnList });
});

test("the 21st game is refused with 409 and nothing is stored", async () => {
  const w = await world();
  const cookie = await w.t.signIn(w.manager.email);
  const path = `/api/analytics/${w.project.id}/watchlist`;
  for (let i = 1; i <= WATCHLIST_MAX; i++)
    expect((await w.t.call(path, post({ appId: 100 + i }, cookie))).status).toBe(200);
  const res = await w.t.call(path, post({ appId: 999 }, cookie));
  expect(res.status).toBe(409);
  expect(await res.json()).toEqual({ error: WATCHLIST.full });
  const rows = await w.deps.db.select().from(watchlistApps).where(eq(watchlistApps.projectId, w.project.id));
  expect(rows).toHaveLength(WATCHLIST_MAX);
  expect(rows.some((r) => r.appId === 999)).toBe(false);
});

test("bad app ids answer 400 JSON; duplicates 409; the project's own game 400", async () => {
  const w = await world();
  const cookie = await w.t.signIn(w.manager.email);
  const path = `/api/analytics/${w.project.id}/watchlist`;
  for (const appId of ["570", "abc", -1, 1.5, null, 2 ** 31])
    expect((await w.t.call(path, post({ appId }, cookie))).status).toBe(400);
  expect((await w.t.call(path, post({}, cookie))).status).toBe(400);
  expect((await w.t.call(path, post({ appId: 570, name: "" }, cookie))).status).toBe(400);
  const del = await w.t.call(`${path}/abc`, { method: "DELETE", cookie });
  expect(del.status).toBe(400);
  expect(typeof (await del.json()).error).toBe("string");
  expect((await w.t.call(path, post({ appId: 570 }, cookie))).status).toBe(200);
  const dup = await w.t.call(path, post({ appId: 570 }, cookie));
  expect(dup.status).toBe(409);
  expect(await dup.json()).toEqual({ error: WATCHLIST.already });
  const own = await w.t.call(path, post({ appId: OWN }, cookie));
  expect(own.status).toBe(400);
  expect(await own.json()).toEqual({ error: WATCHLIST.ownGame });
});

test("another organization's project reads as missing; a developer or viewer cannot change the list", async () => {
  const w = await world();
  const path = `/api/analytics/${w.project.id}/watchlist`;
  const outsider = await w.t.signIn(w.outsider.email);
  for (const res of [
    await w.t.call(path, { cookie: outsider }),
    await w.t.call(path, post({ appId: 570 }, outsider)),
    await w.t.call(`${path}/570`, { method: "DELETE", cookie: outsider }),
    await w.t.call(`/api/analytics/${w.project.id}/compare`, { cookie: outsider }),
    await w.t.call("/api/analytics/999999/watchlist", { cookie: outsider }),
  ])
    expect(res.status).toBe(404);
  for (const user of [w.developer, w.viewer]) {
    const cookie = await w.t.signIn(user.email);
    expect((await w.t.call(path, post({ appId: 570 }, cookie))).status).toBe(403);
  }
  expect(await w.deps.db.select().from(watchlistApps)).toEqual([]);
});

test("adds racing for the last places never go past the limit", async () => {
  const w = await world();
  const caller = await callerFor(w.deps, w.manager.email);
  for (let i = 1; i < WATCHLIST_MAX - 1; i++)
    await caller.analytics.watchlistAdd({ projectId: w.project.id, appId: 100 + i });
  const racing = await Promise.allSettled(
    [901, 902, 903, 904, 905, 906].map((appId) =>
      caller.analytics.watchlistAdd({ projectId: w.project.id, appId }),
    ),
  );
  expect(racing.filter((r) => r.status === "fulfilled")).toHaveLength(2);
  const rows = await w.deps.db.select().from(watchlistApps).where(eq(watchlistApps.projectId, w.project.id));
  expect(rows).toHaveLength(WATCHLIST_MAX);
});
