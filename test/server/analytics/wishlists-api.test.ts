import { afterAll, describe, expect, test } from "bun:test";
import { syncAppWishlists } from "@server/features/analytics/wishlists/wishlist-sync";
import { projects } from "@server/platform/db/schema";
import { eq } from "drizzle-orm";
import { steamTestDeps } from "../../fakes/steam/deps";
import { startSteamMsw } from "../../fakes/steam/msw";
import { knownWishlists, WISHLIST_APP } from "../../fakes/steam/wishlist-fixtures";
import { makeOrg, makeProject, makeUser, testApp } from "../../support/server";

// GET /api/analytics/wishlists/{projectId}: its answer, its refusals and who may read it.

const NOW = Date.parse("2026-11-20T20:00:00Z");
const msw = startSteamMsw({ now: () => NOW, sales: {}, wishlists: knownWishlists() });
afterAll(() => msw.stop());

async function world() {
  const t = testApp(steamTestDeps({}, { now: () => NOW }));
  const org = await makeOrg(t.deps);
  const viewer = await makeUser(t.deps, { role: "viewer", orgId: org.id });
  const outsider = await makeUser(t.deps, { role: "manager", orgId: (await makeOrg(t.deps)).id });
  const project = await makeProject(t.deps, { orgId: org.id, name: "Starfall" });
  const bare = await makeProject(t.deps, { orgId: org.id, name: "No app yet" });
  const set = async (id: number, financial: boolean) =>
    await t.deps.db
      .update(projects)
      .set({ steamAppId: WISHLIST_APP, financialAnalyticsEnabled: financial })
      .where(eq(projects.id, id));
  await set(project.id, true);
  await syncAppWishlists(t.deps, WISHLIST_APP);
  const cookie = await t.signIn(viewer.email);
  const get = async (path: string, c = cookie) => {
    const res = await t.call(`/api/analytics/wishlists/${path}`, { cookie: c });
    return { status: res.status, body: await res.json() };
  };
  return { t, project, bare, get, set, outsider };
}

describe("GET /api/analytics/wishlists/{projectId}", () => {
  test("a viewer of the project reads the period's figures", async () => {
    const w = await world();
    const { status, body } = await w.get(`${w.project.id}?days=3`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      financialEnabled: true,
      hasData: true,
      period: { days: 3, startDate: "2026-11-18", endDate: "2026-11-20" },
      balance: 38,
      totals: { adds: 20, deletes: 4, purchases: 3, gifts: 1 },
      conversion: 0.15,
    });
  });

  test("days defaults to 90 and reaches 1095", async () => {
    const w = await world();
    expect((await w.get(`${w.project.id}`)).body.period.days).toBe(90);
    const long = await w.get(`${w.project.id}?days=1095`);
    expect(long.status).toBe(200);
    expect(long.body.totals.adds).toBe(55);
  });

  test.each(["0", "abc", "2000", "1.5", "-3", ""])(
    "days=%p answers 400 with a plain message",
    async (days) => {
      const w = await world();
      const { status, body } = await w.get(`${w.project.id}?days=${days}`);
      expect(status).toBe(400);
      expect(body).toEqual({ error: expect.any(String) });
      expect(body.error).not.toMatch(/zod|stack|Error:/i);
    },
  );

  test("a project without a Steam App ID answers 400 in plain words", async () => {
    const w = await world();
    const { status, body } = await w.get(`${w.bare.id}`);
    expect(status).toBe(400);
    expect(body).toEqual({ error: "Set the project's Steam App ID to see its wishlists." });
  });

  test("with financial analytics off the card gets its empty state, not the app's wishlists", async () => {
    const w = await world();
    await w.set(w.project.id, false);
    const { status, body } = await w.get(`${w.project.id}?days=30`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ financialEnabled: false, hasData: false, daily: [], topCountries: [] });
  });

  test("another organization's project is 404, signed out is 401, a bad id is 400", async () => {
    const w = await world();
    const outsider = await w.t.signIn(w.outsider.email);
    expect((await w.get(`${w.project.id}`, outsider)).status).toBe(404);
    const anon = await w.t.call(`/api/analytics/wishlists/${w.project.id}`);
    expect(anon.status).toBe(401);
    expect((await w.get("nope")).status).toBe(400);
    expect((await w.get("999999")).status).toBe(404);
  });
});
