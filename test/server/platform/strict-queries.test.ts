import { describe, expect, test } from "bun:test";
import { streams } from "@server/platform/db/schema";
import type { AppEnv } from "@server/platform/http/env";
import { onError } from "@server/platform/http/errors";
import { queryParams, strictQueries } from "@server/platform/http/query";
import { COMMON } from "@shared/messages/common";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { makeOrg, makeProject, makeUser, testApp } from "../../support/server";

// A query parameter given twice: the console used to act on one of the values (the first), so
// `?projectId=1&projectId=2` cleared project 1 while the caller may have meant 2. Now every REST
// path refuses it before doing anything, unless the path declares the parameter as a list.

async function world() {
  const t = testApp();
  const org = await makeOrg(t.deps, "Home");
  const admin = await makeUser(t.deps, { orgId: org.id, role: "admin" });
  const p1 = await makeProject(t.deps, { orgId: org.id, createdBy: admin.id });
  const p2 = await makeProject(t.deps, { orgId: org.id, createdBy: admin.id });
  for (const projectId of [p1.id, p2.id]) {
    await t.deps.db.insert(streams).values({
      projectId,
      mediaName: "clip.mp4",
      destinationName: "Out",
      destinationType: "custom",
      status: "stopped",
      startedAt: 1,
      stoppedAt: 2,
    });
  }
  const cookie = await t.signIn(admin.email);
  return { ...t, p1, p2, cookie };
}

async function expectRepeated(res: Response, name: string) {
  expect(res.status).toBe(400);
  expect(res.headers.get("content-type")).toStartWith("application/json");
  expect(await res.json()).toEqual({ error: COMMON.repeatedQuery(name) });
}

describe("a repeated query parameter", () => {
  test("clear-ended-streams with two projectIds answers 400 and clears nothing", async () => {
    const { call, deps, p1, p2, cookie } = await world();
    const res = await call(`/api/dashboard/clear-ended-streams?projectId=${p1.id}&projectId=${p2.id}`, {
      method: "DELETE",
      cookie,
    });
    await expectRepeated(res, "projectId");
    for (const p of [p1, p2]) {
      expect(await deps.db.select().from(streams).where(eq(streams.projectId, p.id))).toHaveLength(1);
    }
    // Given once, the same call still works.
    const once = await call(`/api/dashboard/clear-ended-streams?projectId=${p1.id}`, {
      method: "DELETE",
      cookie,
    });
    expect(once.status).toBe(200);
    expect(await deps.db.select().from(streams).where(eq(streams.projectId, p1.id))).toHaveLength(0);
  });

  test("is refused on paths that parse a query, paths that read none, and public paths", async () => {
    const { call, p1, cookie } = await world();
    await expectRepeated(
      await call(`/api/streams/status?projectId=${p1.id}&projectId=${p1.id}`, { cookie }),
      "projectId",
    );
    await expectRepeated(await call(`/api/users?search=a&search=b`, { cookie }), "search");
    await expectRepeated(
      await call(`/api/analytics/project-overview/${p1.id}?days=7&days=30`, { cookie }),
      "days",
    );
    // A mixed case: one name repeated among others given once, and an empty value repeated.
    await expectRepeated(await call(`/api/streams/status?projectId=${p1.id}&x=&x=`, { cookie }), "x");
    await expectRepeated(await call("/api/dashboard/stats?a=1&a=1", { cookie }), "a");
    await expectRepeated(await call("/api/health?a=1&a=2"), "a");
    await expectRepeated(await call("/api/openapi.json?v=1&v=2"), "v");
    // Signed out, the refusal comes first: nothing about the path is read.
    await expectRepeated(await call(`/api/projects/${p1.id}?a=1&a=2`), "a");
  });

  test("tRPC keeps its own query and shape", async () => {
    const { call, cookie } = await world();
    const res = await call("/api/trpc/auth.me?x=1&x=2", { cookie });
    expect(res.status).toBe(200);
  });
});

describe("a parameter declared as a list", () => {
  // A path of its own with a list field, as a future path would declare one.
  const app = new Hono<AppEnv>();
  app.onError(onError);
  app.use(
    "*",
    strictQueries(new Set(["tag"]), () => false),
  );
  const tagsQuery = z.object({ tag: z.array(z.string()).optional(), page: z.string().optional() });
  app.get("/tags", (c) => c.json(queryParams(c, tagsQuery)));
  app.get("/one", (c) => c.json(queryParams(c, z.object({ tag: z.string() }))));

  test("may be repeated, and arrives as a list even when given once", async () => {
    expect(await (await app.request("/tags?tag=a&tag=b&page=1")).json()).toEqual({
      tag: ["a", "b"],
      page: "1",
    });
    expect(await (await app.request("/tags?tag=a")).json()).toEqual({ tag: ["a"] });
  });

  test("is still refused twice where a path takes it once, and other names stay single", async () => {
    await expectRepeated(await app.request("/one?tag=a&tag=b"), "tag");
    await expectRepeated(await app.request("/tags?tag=a&page=1&page=2"), "page");
  });
});
