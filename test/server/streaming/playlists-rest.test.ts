import { describe, expect, test } from "bun:test";
import type { AppDeps } from "@server/deps";
import { createSession, generateSessionToken } from "@server/features/auth/session";
import { destinations, playlistItems, playlists, streams } from "@server/platform/db/schema";
import { PLAYLISTS } from "@shared/messages/playlists";
import { STREAMING } from "@shared/messages/streaming";
import { steamReadyMp4 } from "../../support/media";
import { makeOrg, makeProject, makeUser, testApp } from "../../support/server";
import { addVideo, withSupervisor } from "./streaming-fixtures";

// The REST paths of playlists, from the refused side: every wrong input answers 4xx `{ error }` and
// writes nothing; viewers are refused; another organization's ids read as missing.

async function cookieFor(deps: AppDeps, userId: number) {
  const token = generateSessionToken();
  await createSession(deps.db, token, userId, deps.now());
  return `session=${token}`;
}

async function world() {
  const t = testApp();
  withSupervisor(t.deps);
  const org = await makeOrg(t.deps);
  const dev = await makeUser(t.deps, { orgId: org.id, role: "developer" });
  const viewer = await makeUser(t.deps, { orgId: org.id, role: "viewer" });
  const stranger = await makeUser(t.deps, { orgId: (await makeOrg(t.deps)).id, role: "manager" });
  const project = await makeProject(t.deps, { orgId: org.id, createdBy: dev.id });
  const media = await addVideo(t.deps, project.id, await steamReadyMp4(2), { durationSeconds: 2 });
  const as = async (userId: number) => {
    const cookie = await cookieFor(t.deps, userId);
    return (method: string, path: string, body?: unknown) =>
      t.call(path, {
        method,
        cookie,
        ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
        headers: { "content-type": "application/json" },
      });
  };
  return {
    ...t,
    project,
    media,
    dev: await as(dev.id),
    viewer: await as(viewer.id),
    stranger: await as(stranger.id),
  };
}

async function expectError(res: Response, status: number, message?: string) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { error: unknown };
  expect(typeof body.error).toBe("string");
  if (message) expect(body.error).toBe(message);
}

const counts = async (deps: AppDeps) => [
  (await deps.db.select().from(playlists)).length,
  (await deps.db.select().from(playlistItems)).length,
];

describe("playlist REST paths", () => {
  test("create, list, update, delete", async () => {
    const w = await world();
    const res = await w.dev("POST", "/api/playlists", {
      project_id: w.project.id,
      name: "Loop",
      media_ids: [w.media.id],
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: number; total_duration_seconds: number };
    expect(created.total_duration_seconds).toBe(2);
    const list = await (await w.viewer("GET", `/api/playlists/${w.project.id}`)).json();
    expect(list).toHaveLength(1);
    const put = await w.dev("PUT", `/api/playlists/${created.id}`, {
      name: "Loop 2",
      media_ids: [w.media.id, w.media.id],
    });
    expect(((await put.json()) as { items: unknown[] }).items).toHaveLength(2);
    expect((await w.dev("DELETE", `/api/playlists/${created.id}`)).status).toBe(200);
    expect(await counts(w.deps)).toEqual([0, 0]);
  });

  test("bad input answers 400 JSON and writes nothing", async () => {
    const w = await world();
    const p = w.project.id;
    const bodies: [unknown, string?][] = [
      [{ project_id: p, name: "E", media_ids: [] }, PLAYLISTS.empty],
      [{ project_id: p, name: "E" }, PLAYLISTS.empty],
      [{ project_id: p, name: "", media_ids: [w.media.id] }, PLAYLISTS.nameRequired],
      [{ project_id: p, name: "E", media_ids: [w.media.id], extra: 1 }],
      [{ project_id: p, name: "E", media_ids: ["1"] }],
      [{ project_id: "1", name: "E", media_ids: [w.media.id] }],
      [{ project_id: p, name: "E", media_ids: [424242] }, PLAYLISTS.mediaNotFound],
      ["{not json"],
    ];
    for (const [body, message] of bodies)
      await expectError(await w.dev("POST", "/api/playlists", body), 400, message);
    await expectError(await w.dev("PUT", "/api/playlists/abc", { name: "x" }), 400);
    await expectError(await w.dev("GET", "/api/playlists/0"), 400);
    expect(await counts(w.deps)).toEqual([0, 0]);
    // A stream needs exactly one of mediaId and playlistId.
    const [dest] = await w.deps.db
      .insert(destinations)
      .values({ projectId: p, name: "D", type: "custom", rtmpUrl: "rtmp://127.0.0.1:1/live" })
      .returning();
    if (!dest) throw new Error("no destination");
    for (const body of [{}, { mediaId: w.media.id, playlistId: 1 }])
      await expectError(
        await w.dev("POST", `/api/destinations/${dest.id}/stream`, body),
        400,
        STREAMING.mediaOrPlaylist,
      );
    await expectError(
      await w.dev("POST", `/api/destinations/${dest.id}/stream`, { playlistId: 99 }),
      400,
      PLAYLISTS.notFound,
    );
    expect(await w.deps.db.select().from(streams)).toHaveLength(0);
  });

  test("viewers are refused 403, another organization 404", async () => {
    const w = await world();
    const res = await w.dev("POST", "/api/playlists", {
      project_id: w.project.id,
      name: "L",
      media_ids: [w.media.id],
    });
    const { id } = (await res.json()) as { id: number };
    const body = { project_id: w.project.id, name: "V", media_ids: [w.media.id] };
    await expectError(await w.viewer("POST", "/api/playlists", body), 403, PLAYLISTS.forbidden);
    await expectError(await w.viewer("PUT", `/api/playlists/${id}`, { name: "V" }), 403, PLAYLISTS.forbidden);
    await expectError(await w.viewer("DELETE", `/api/playlists/${id}`), 403, PLAYLISTS.forbidden);
    await expectError(await w.stranger("GET", `/api/playlists/${w.project.id}`), 404);
    await expectError(await w.stranger("POST", "/api/playlists", body), 404);
    await expectError(
      await w.stranger("PUT", `/api/playlists/${id}`, { name: "S" }),
      404,
      PLAYLISTS.notFound,
    );
    await expectError(await w.stranger("DELETE", `/api/playlists/${id}`), 404, PLAYLISTS.notFound);
    expect(await counts(w.deps)).toEqual([1, 1]);
  });
});
