import { describe, expect, test } from "bun:test";
import { destinations, mediaFiles, projects, users } from "@server/platform/db/schema";
import { AUTH } from "@shared/messages/auth";
import { PROJECTS } from "@shared/messages/projects";
import { eq } from "drizzle-orm";
import { callerFor, makeOrg, makeProject, makeUser, testApp, testDeps } from "../../support/server";

async function addMedia(deps: ReturnType<typeof testDeps>, projectId: number, n: number) {
  for (let i = 0; i < n; i++) {
    await deps.db.insert(mediaFiles).values({
      projectId,
      originalName: `clip${i}.mp4`,
      storedName: `${projectId}-${i}-${crypto.randomUUID()}.mp4`,
      mimeType: "video/mp4",
      fileSize: 10,
      kind: "video",
    });
  }
}

describe("projects.list and projects.get", () => {
  test("answer the spec's fields, counts, ISO dates and newest first", async () => {
    const deps = testDeps();
    const org = await makeOrg(deps, "Studio A");
    const manager = await makeUser(deps, { orgId: org.id, role: "manager", name: "Mia Manager" });
    const older = (
      await deps.db
        .insert(projects)
        .values({ name: "Older", orgId: org.id, createdBy: manager.id, createdAt: Date.UTC(2024, 0, 2) })
        .returning()
    )[0]!;
    const newer = (
      await deps.db
        .insert(projects)
        .values({
          name: "Newer",
          orgId: org.id,
          createdBy: manager.id,
          createdAt: Date.UTC(2025, 5, 1),
          url: "https://example.com",
          steamAppId: 440,
          steamAnalyticsEnabled: true,
          steamLastSync: Date.UTC(2025, 5, 2, 3, 4, 5),
        })
        .returning()
    )[0]!;
    await addMedia(deps, newer.id, 3);
    await deps.db
      .insert(destinations)
      .values({ projectId: newer.id, name: "Steam", rtmpUrl: "rtmp://x/app" });
    const caller = await callerFor(deps, manager.email);
    const list = await caller.projects.list();
    expect(list.map((p) => p.name)).toEqual(["Newer", "Older"]);
    expect(list[0]).toEqual({
      id: newer.id,
      name: "Newer",
      description: "",
      url: "https://example.com",
      org_id: org.id,
      org_name: "Studio A",
      created_by: manager.id,
      created_by_name: "Mia Manager",
      created_at: "2025-06-01T00:00:00.000Z",
      steam_app_id: 440,
      steam_analytics_enabled: true,
      financial_analytics_enabled: false,
      steam_last_sync: "2025-06-02T03:04:05.000Z",
      media_count: 3,
      destinations_count: 1,
    });
    expect(list[1]).toMatchObject({
      id: older.id,
      media_count: 0,
      destinations_count: 0,
      steam_last_sync: null,
    });
    expect(await caller.projects.get({ id: newer.id })).toEqual(list[0]!);
  });

  test("a project whose creator was deleted reads 'Deleted user'", async () => {
    const deps = testDeps();
    const org = await makeOrg(deps);
    const viewer = await makeUser(deps, { orgId: org.id, role: "viewer" });
    const gone = await makeUser(deps, { orgId: org.id, role: "manager" });
    const p = await makeProject(deps, { orgId: org.id, createdBy: gone.id });
    await deps.db.delete(users).where(eq(users.id, gone.id));
    const caller = await callerFor(deps, viewer.email);
    expect((await caller.projects.get({ id: p.id })).created_by_name).toBe(PROJECTS.deletedUser);
  });

  test("a missing project answers 404 'Project not found'", async () => {
    const deps = testDeps();
    const admin = await makeUser(deps, { orgId: (await makeOrg(deps)).id, role: "admin" });
    const caller = await callerFor(deps, admin.email);
    await expect(caller.projects.get({ id: 999 })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: PROJECTS.notFound,
    });
  });
});

describe("projects.create", () => {
  test("a manager creates in its own organization; org_id may arrive as a string", async () => {
    const deps = testDeps();
    const org = await makeOrg(deps, "Mine");
    const manager = await makeUser(deps, { orgId: org.id, role: "manager", name: "Max" });
    const caller = await callerFor(deps, manager.email);
    const created = await caller.projects.create({
      name: "  Space Game ",
      description: "Shoot things",
      url: "",
      org_id: String(org.id),
    });
    expect(created).toMatchObject({
      name: "Space Game",
      description: "Shoot things",
      url: null,
      org_id: org.id,
      org_name: "Mine",
      created_by_name: "Max",
      media_count: 0,
      destinations_count: 0,
      steam_analytics_enabled: false,
    });
    expect((await caller.projects.list())[0]!.id).toBe(created.id);
  });

  test("an admin creates in any organization; an unknown organization is 404", async () => {
    const deps = testDeps();
    const admin = await makeUser(deps, { orgId: (await makeOrg(deps)).id, role: "admin" });
    const other = await makeOrg(deps, "Other");
    const caller = await callerFor(deps, admin.email);
    const created = await caller.projects.create({ name: "P", org_id: other.id, url: "https://a.b/c" });
    expect(created).toMatchObject({ org_id: other.id, org_name: "Other", url: "https://a.b/c" });
    await expect(caller.projects.create({ name: "P", org_id: 9999 })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: PROJECTS.organizationNotFound,
    });
  });

  test("a manager naming another organization gets 403 and nothing is created", async () => {
    const deps = testDeps();
    const mine = await makeOrg(deps);
    const other = await makeOrg(deps);
    const manager = await makeUser(deps, { orgId: mine.id, role: "manager" });
    const caller = await callerFor(deps, manager.email);
    await expect(caller.projects.create({ name: "P", org_id: other.id })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: PROJECTS.otherOrganization,
    });
    expect(await deps.db.select().from(projects)).toHaveLength(0);
  });
});

describe("projects.update", () => {
  test("changes name and description, keeps the description when it is left out", async () => {
    const deps = testDeps();
    const org = await makeOrg(deps);
    const manager = await makeUser(deps, { orgId: org.id, role: "manager" });
    const p = await makeProject(deps, { orgId: org.id });
    const caller = await callerFor(deps, manager.email);
    expect(await caller.projects.update({ id: p.id, name: "Renamed", description: "New text" })).toEqual({
      id: p.id,
      name: "Renamed",
      description: "New text",
    });
    await caller.projects.update({ id: p.id, name: "Again" });
    expect(await caller.projects.get({ id: p.id })).toMatchObject({ name: "Again", description: "New text" });
  });
});

describe("projects over REST", () => {
  test("GET/POST /projects, GET/PUT /projects/{id} answer the same shapes", async () => {
    const { deps, call, signIn } = testApp();
    const org = await makeOrg(deps, "Rest Org");
    const manager = await makeUser(deps, { orgId: org.id, role: "manager" });
    const cookie = await signIn(manager.email);
    const post = await call("/api/projects", {
      method: "POST",
      cookie,
      json: { name: "Rest Project", description: "d", url: "", org_id: String(org.id) },
    });
    expect(post.status).toBe(201);
    const created = await post.json();
    expect(created).toMatchObject({ name: "Rest Project", org_name: "Rest Org", url: null, media_count: 0 });
    const list = await (await call("/api/projects", { cookie })).json();
    expect(list).toEqual([created]);
    const one = await call(`/api/projects/${created.id}`, { cookie });
    expect(await one.json()).toEqual(created);
    const put = await call(`/api/projects/${created.id}`, {
      method: "PUT",
      cookie,
      json: { name: "Renamed", description: "Longer" },
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ name: "Renamed", description: "Longer" });
  });

  test("without a session every path answers 401", async () => {
    const { deps, call } = testApp();
    const p = await makeProject(deps, { orgId: (await makeOrg(deps)).id });
    for (const [method, path] of [
      ["GET", "/api/projects"],
      ["POST", "/api/projects"],
      ["GET", `/api/projects/${p.id}`],
      ["PUT", `/api/projects/${p.id}`],
    ] as const) {
      const res = await call(path, { method, json: method === "GET" ? undefined : { name: "x", org_id: 1 } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: AUTH.authRequired });
    }
  });
});
